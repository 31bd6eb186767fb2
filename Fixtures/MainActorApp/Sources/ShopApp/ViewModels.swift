import Observation
import Strata

/// The session's cart: what the user means to buy, shared by every tab.
@Observable final class Cart {
    /// The products in the cart, in the order added.
    private(set) var items: [Product] = []
    /// Where a checkout the user did not finish is kept for the next session.
    private let drafts: Drafts

    init(_ drafts: Drafts) { self.drafts = drafts }

    /// Adds `product`; returns how many items the cart holds.
    func add(_ product: Product) -> Int {
        items.append(product)
        return items.count
    }

    /// Empties the cart: the order is placed.
    func empty() { items = [] }

    /// Keeps what the cart holds, if anything, for the next session.
    func saveDraft() async {
        let ids = items.map(\.id)
        if !ids.isEmpty { await drafts.save(ids) }
    }
}

/// The home tab's front page.
@Observable final class HomeModel {
    /// What the page shows.
    enum Status: Equatable {
        case idle
        case loaded([Product])
    }

    private(set) var status = Status.idle
    private let catalog: Catalog

    init(_ catalog: Catalog) { self.catalog = catalog }

    /// Shows the featured products.
    func load() { status = .loaded([42, 7, 3].map(catalog.product)) }
}

/// The search tab.
@Observable final class SearchModel {
    /// What the search shows.
    enum Status: Equatable {
        case empty
        case results([Product])
    }

    private(set) var status = Status.empty
    private let catalog: Catalog

    init(_ catalog: Catalog) { self.catalog = catalog }

    /// Searches the catalog.
    func search(_ text: String) { status = .results(catalog.search(text)) }
}

/// A product's screen.
@Observable final class ProductModel {
    /// What the screen shows.
    enum Status: Equatable {
        case viewing(Product)
        case added(Product, cartCount: Int)
        case failed(Product)
    }

    private(set) var status: Status

    init(_ id: Int, _ catalog: Catalog) { status = .viewing(catalog.product(id)) }

    /// The product shown.
    var product: Product {
        switch status {
        case .viewing(let product), .added(let product, _), .failed(let product): product
        }
    }

    /// Adds the product to the session's cart through the ``AddToCart`` route, performed on
    /// the main actor from the screen's container: the model keeps no container.
    func addToCart(from screen: ProductContainer) {
        let product = product
        do {
            status = .added(product, cartCount: try screen.perform(AddToCart(product: product)))
        } catch {
            status = .failed(product)
        }
    }
}

/// The cart tab's list.
@Observable final class CartModel {
    /// What the list shows.
    enum Status: Equatable {
        case empty
        case holding(Int)
    }

    private let cart: Cart

    init(_ cart: Cart) { self.cart = cart }

    /// What the list shows now, read from the session's cart.
    var status: Status { cart.items.isEmpty ? .empty : .holding(cart.items.count) }
}

/// The checkout sheet.
///
/// Ended unplaced — dismissed, or the user signed out — it keeps the cart as a draft for the
/// next session. Its end is async, so a sign-out that awaits the session's end awaits the
/// save. `@MainActor` is spelled out: a type conforming to `AsyncScopeBound`, a `Sendable`
/// protocol with a nonisolated requirement, is not inferred main-actor. Unlike
/// `ScopeBound`'s, its requirement is async, so a main-actor method meets it.
@MainActor @Observable final class CheckoutModel: AsyncScopeBound {
    /// What the sheet shows.
    enum Status: Equatable {
        case reviewing(Int)
        case placed
    }

    private(set) var status: Status
    private let cart: Cart

    init(_ cart: Cart) {
        self.cart = cart
        status = .reviewing(cart.items.count)
    }

    /// Places the order: the cart empties, and there is no draft to keep.
    func place() {
        cart.empty()
        status = .placed
    }

    func scopeDidEnd() async {
        if status != .placed { await cart.saveDraft() }
    }
}
