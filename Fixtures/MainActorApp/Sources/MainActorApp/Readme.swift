import Strata

// The README's tiers, with the interaction tier it leaves out, in a module that is MainActor
// by default. Its types are declared plainly, so each is `@MainActor`. One change makes it
// compile: a provider of a main-actor type is a `MainActorProvider`. With `Provider<Profile>`
// the compiler says, at `Profile(user:api:)`: "call to main actor-isolated initializer
// 'init(user:api:)' in a synchronous nonisolated context". `AuthAPI` is `Sendable`, as in the
// README's own test, so that a container can hold `any AuthAPI`, and its conformers are not
// main-actor isolated.

protocol AuthAPI: Sendable {}
struct LocalAuthAPI: AuthAPI {}
struct User { let name: String }
final class Profile {
    let user: User
    let api: any AuthAPI
    init(user: User, api: any AuthAPI) {
        self.user = user
        self.api = api
    }
}
final class NameForm {
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
    var profile: MainActorProvider<Profile> {
        shared { Profile(user: self.user, api: self.api()) }
    }
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
    var form: MainActorProvider<NameForm> {
        shared { NameForm(profile: self.profile()) }
    }
}
