// What the landing page's block (Strata.md) uses but does not define, declared plainly: no
// isolation annotation. The module is MainActor by default, as an app target is.

struct UserSession {
    let name: String
}

final class Store: Sendable {}

final class Profile: Sendable {
    let session: UserSession
    let store: Store

    init(session: UserSession, store: Store) {
        self.session = session
        self.store = store
    }
}

final class AppContainer: Container {
    let scope = AppScope()
    var store: Provider<Store> { shared { Store() } }
}
