// What the README's blocks use but do not define, declared plainly: no isolation annotation,
// no Sendable conformance. In a MainActor-by-default module each is main-actor, as an app's
// own types are.

struct User {
    let name: String
}

final class LocalAuthAPI {}

final class Profile {
    let user: User
    let api: LocalAuthAPI

    init(user: User, api: LocalAuthAPI) {
        self.user = user
        self.api = api
    }
}

final class NameForm {
    let profile: Profile

    init(profile: Profile) { self.profile = profile }
}

// The sign-out in the list below the first example: a session, and somewhere to log.
let signedIn = SessionContainer(parent: AppContainer(), user: User(name: "Grace"))

func log(_ message: String) { print(message) }
