// The types the README's first example uses but does not define, declared plainly: no
// isolation annotation, no Sendable conformance. In a MainActor-by-default module each is
// main-actor, as an app's own types are.

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
