import Observation
import Strata

/// A link into the shop: `shop://product/42`.
nonisolated enum ShopLink: Hashable, Sendable {
    case product(Int)

    /// The link `url` names, if the shop knows it.
    init?(_ url: String) {
        let prefix = "shop://product/"
        guard url.hasPrefix(prefix), let id = Int(url.dropFirst(prefix.count)) else { return nil }
        self = .product(id)
    }
}

/// The session's navigation: its tabs, each made on first selection and kept while the
/// session lives, each with a stack of its own.
///
/// It is given the session for each call and keeps none: a session instance that kept the
/// session would keep it alive past a release without `end()`.
@Observable final class ShopNavigation {
    /// The tab shown.
    private(set) var selection = ShopTab.home
    /// The tabs' containers.
    let tabs: ContainerTabs<ShopTab>

    init(session: SessionContainer) { tabs = ContainerTabs(in: session) }

    /// Shows `tab`, making its container on its first selection.
    func select(_ tab: ShopTab, in session: SessionContainer) {
        selection = tab
        switch tab {
        case .home: _ = home(in: session)
        case .search: _ = search(in: session)
        case .cart: _ = cart(in: session)
        }
    }

    /// The home tab's container, made on first use; `nil` once the session's end has begun.
    func home(in session: SessionContainer) -> HomeContainer? {
        tabs.container(for: .home) { HomeContainer(parent: session) }
    }

    /// The search tab's container, made on first use; `nil` once the session's end has begun.
    func search(in session: SessionContainer) -> SearchContainer? {
        tabs.container(for: .search) { SearchContainer(parent: session) }
    }

    /// The cart tab's container, made on first use; `nil` once the session's end has begun.
    func cart(in session: SessionContainer) -> CartContainer? {
        tabs.container(for: .cart) { CartContainer(parent: session) }
    }

    /// Pushes the screen of `product` on `stack`.
    @discardableResult
    func show(_ product: Int, on stack: ContainerStack, in session: SessionContainer)
        -> ProductContainer
    {
        let screen = ProductContainer(parent: session, id: product)
        stack.push(screen)
        return screen
    }

    /// Presents the checkout over the cart tab's stack, selecting the tab; `nil` once the
    /// session's end has begun.
    @discardableResult
    func presentCheckout(in session: SessionContainer) -> CheckoutContainer? {
        select(.cart, in: session)
        guard let cart = cart(in: session) else { return nil }
        let checkout = CheckoutContainer(parent: cart)
        cart.sheet().replace(with: [checkout])
        return checkout
    }

    /// Dismisses the checkout, ending it.
    func dismissCheckout(in session: SessionContainer) {
        cart(in: session)?.sheet().replace(with: [])
    }

    /// Opens `link`: selects its tab and replaces the tab's stack with the link's screen,
    /// ending what it replaces.
    func open(_ link: ShopLink, in session: SessionContainer) {
        switch link {
        case .product(let id):
            select(.home, in: session)
            home(in: session)?.stack().replace(with: [
                ProductContainer(parent: session, id: id)
            ])
        }
    }
}

/// The app's root model: the app container and the session while signed in, each held
/// through ``Owned``, and a deep link that came before sign-in.
///
/// It answers ``SignOut`` for itself: the app holds the model weakly for it, so nothing
/// holds the model but its owner, and letting go of the model ends the app.
@Observable final class ShopModel {
    private let root: Owned<ShopApp>
    /// The session, while signed in.
    private(set) var session: Owned<SessionContainer>?
    /// A link that arrived before sign-in, opened by the next sign-in.
    private(set) var pendingLink: ShopLink?

    init(app: ShopApp) {
        root = Owned(app)
        app.handle(SignOut.self, by: self) { model, _ in await model.signOut() }
    }

    /// The app container, ended when the model goes.
    var app: ShopApp { root.container }

    /// Opens `url` now if signed in; holds it until sign-in if not.
    func open(_ url: String) {
        guard let link = ShopLink(url) else { return }
        guard let session else {
            pendingLink = link
            return
        }
        session.container.navigation().open(link, in: session.container)
    }

    /// Signs in, and opens the link held for the session, if any.
    func signIn() {
        let session = Owned(app.makeSession())
        self.session = session
        session.container.navigation().select(.home, in: session.container)
        if let link = pendingLink {
            pendingLink = nil
            session.container.navigation().open(link, in: session.container)
        }
    }

    /// Signs out: ends the session — its tabs, stacks and sheet first, the newest shown
    /// first — and awaits every async end below it, then lets go.
    func signOut() async -> EndReport? {
        guard let session else { return nil }
        let report = await session.container.endAndWait()
        self.session = nil
        return report
    }
}
