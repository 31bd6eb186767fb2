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
    func makeSession(for user: User) -> SessionContainer {
        SessionContainer(parent: self, user: user)
    }
}

final class SessionContainer: Container {  // session: sign-in → sign-out
    let scope: SessionScope<AppContainer>
    let user: User
    init(parent: AppContainer, user: User) {
        self.user = user
        scope = SessionScope(parent: parent)  // only an app container compiles here
    }
    var profile: Provider<Profile> { shared { Profile(user: self.user, api: self.api()) } }
    func makeSettings() -> SettingsContainer { SettingsContainer(parent: self) }
}

final class SettingsContainer: Container {  // feature: one flow
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    func makeDialog() -> DialogContainer { DialogContainer(parent: self) }
}

final class DialogContainer: Container {  // interaction: one dialog
    let scope: InteractionScope<SettingsContainer>
    init(parent: SettingsContainer) { scope = InteractionScope(parent: parent) }
    var form: Provider<NameForm> { shared { NameForm(profile: self.profile()) } }
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test("ending the session ends the dialog, the settings, then the session, with no survivors")
    func readmeExample() {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "Ada"))
        let dialog = session.makeSettings().makeDialog()
        #expect(dialog.form().profile.user.name == "Ada")
        let report = session.end()
        #expect(report.watched.isEmpty)
        #expect(
            report.ended.map(\.typeName) == [
                "DialogContainer", "SettingsContainer", "SessionContainer",
            ])
        #expect(!dialog.isActive)
    }
}
