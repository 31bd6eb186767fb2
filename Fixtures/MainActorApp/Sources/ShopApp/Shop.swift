import Observation
import Strata
import Synchronization

// A tabbed shop, MainActor by default like an app target of Xcode 26, wired the 1.0 way:
// each container is its class line, its scope and `init`, one line per provider, and its
// brace. The root app container alone says more, because it installs the session's routes.

/// A product the shop sells.
nonisolated struct Product: Hashable, Sendable {
    let id: Int
    let name: String
}

/// What the shop sells.
nonisolated struct Catalog: Sendable {
    private let products = (1...50).map { Product(id: $0, name: "Product \($0)") }

    /// The product of `id`.
    func product(_ id: Int) -> Product {
        products.first { $0.id == id } ?? Product(id: id, name: "Unknown product \(id)")
    }

    /// The products whose name contains `text`.
    func search(_ text: String) -> [Product] { products.filter { $0.name.contains(text) } }
}

/// The checkouts a sign-out interrupted, kept across sessions so that the next one can
/// offer them again.
actor Drafts {
    /// Each interrupted checkout's product ids.
    private(set) var saved: [[Int]] = []

    /// Keeps an interrupted checkout.
    func save(_ items: [Int]) { saved.append(items) }
}

/// Adds a product to the session's cart: a main-actor route, performed from a product screen
/// and answered by the session, which keeps the cart.
nonisolated struct AddToCart: MainActorRoute {
    /// How many items the cart holds afterwards.
    typealias Output = Int

    /// The product to add.
    let product: Product
}

/// Signs out: an async route that any screen performs and the root model answers, awaiting
/// the session's end.
nonisolated struct SignOut: AsyncRoute {
    /// The session's end report; `nil` when no one was signed in.
    typealias Output = EndReport?
}

/// Today's offers: refreshed while the session lives.
@Observable final class Offers {
    /// The product on offer.
    private(set) var product: Product?
    /// How many times the offers were refreshed.
    private(set) var refreshes = 0
    private let catalog: Catalog

    init(_ catalog: Catalog) { self.catalog = catalog }

    /// Puts the next product on offer.
    func refresh() {
        refreshes += 1
        product = catalog.product(refreshes % 50 + 1)
    }
}

/// The app tier: from launch to exit.
final class ShopApp: Container {
    let scope = AppScope()
    var catalog: Provider<Catalog> { shared { Catalog() } }
    var drafts: Provider<Drafts> { shared { Drafts() } }

    /// Signs in: the session's container, answering add-to-cart with its cart and refreshing
    /// its offers every `period`.
    func makeSession(refreshingEvery period: Duration = .seconds(30)) -> SessionContainer {
        let session = SessionContainer(parent: self, refreshingEvery: period)
        session.handle(AddToCart.self) { session, route in session.cart().add(route.product) }
        return session
    }
}

/// The session tier: from sign-in to sign-out.
///
/// It keeps the cart, which every tab shows, the navigation, and the offers, which it
/// refreshes every `period` for as long as it lives: the refresh holds the session only while
/// it runs, so a session let go without `end()` is still released, and its release ends it.
final class SessionContainer: Container {
    let scope: SessionScope<ShopApp>
    /// The offers' refresh, which the session's end or release stops.
    var refreshing: Task<Void, Never>? { refresh.withLock { $0 } }
    private let refresh = Mutex<Task<Void, Never>?>(nil)

    init(parent: ShopApp, refreshingEvery period: Duration) {
        scope = SessionScope(parent: parent)
        let task = task(every: period) { @MainActor session in session.offers().refresh() }
        refresh.withLock { $0 = task }
    }

    var cart: MainActorProvider<Cart> { shared { Cart(self.drafts()) } }
    var offers: MainActorProvider<Offers> { shared { Offers(self.catalog()) } }
    var navigation: MainActorProvider<ShopNavigation> { shared { ShopNavigation(session: self) } }
}
