import Strata

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

/// The app tier: from launch to exit.
final class ShopApp: Container {
    let scope = AppScope()
    var catalog: Provider<Catalog> { shared { Catalog() } }
    var drafts: Provider<Drafts> { shared { Drafts() } }

    /// Signs in: the session's container, answering add-to-cart with its cart.
    func makeSession() -> SessionContainer {
        let session = SessionContainer(parent: self)
        session.handle(AddToCart.self) { session, route in session.cart().add(route.product) }
        return session
    }
}

/// The session tier: from sign-in to sign-out.
///
/// It keeps the cart, which every tab shows, and the navigation.
final class SessionContainer: Container {
    let scope: SessionScope<ShopApp>
    init(parent: ShopApp) { scope = SessionScope(parent: parent) }
    var cart: MainActorProvider<Cart> { shared { Cart(self.drafts()) } }
    var navigation: MainActorProvider<ShopNavigation> { shared { ShopNavigation(session: self) } }
}
