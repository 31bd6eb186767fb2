import Strata
import Testing

// The README's example, kept compiling: if this file needs a change, so does the README.

protocol AuthAPI: Sendable {}
struct LocalAuthAPI: AuthAPI {}
struct User: Sendable { let name: String }
final class Profile: Sendable {
    let user: User
    let api: any AuthAPI
    init(user: User, api: any AuthAPI) {
        self.user = user
        self.api = api
    }
}
final class NameForm: Sendable {
    let profile: Profile
    init(profile: Profile) { self.profile = profile }
}

final class AppContainer: Container {  // app: process start → exit
    let scope = AppScope()
    var api: Provider<any AuthAPI> { shared { LocalAuthAPI() } }
}

final class SessionContainer: Container {  // session: sign-in → sign-out
    let scope: SessionScope<AppContainer>  // only an app container compiles here
    let user: User
    init(parent: AppContainer, user: User) {
        self.user = user
        scope = SessionScope(parent: parent)
    }
    var profile: Provider<Profile> { shared { Profile(user: self.user, api: self.api()) } }
}

final class SettingsContainer: Container {  // feature: one flow (an interaction, under it)
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    var form: Provider<NameForm> { shared { NameForm(profile: self.profile()) } }
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test("ending the session ends the settings, then the session, with nothing watched")
    func readmeExample() {
        let session = SessionContainer(parent: AppContainer(), user: User(name: "Ada"))
        let settings = SettingsContainer(parent: session)
        #expect(settings.form().profile.user.name == "Ada")
        let report = session.end()
        #expect(report.watched.isEmpty)
        #expect(report.ended.map(\.typeName) == ["SettingsContainer", "SessionContainer"])
        #expect(!settings.isActive)
    }
}
