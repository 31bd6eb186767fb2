import Strata
import StrataTesting
import Testing

@testable import ShopApp

// A tabbed shop of a MainActor-by-default module, tested as its team would: through the root
// model and the containers' providers, every test failing for an instance that outlives its
// container or a container never ended.

@Suite("A tabbed shop, MainActor by default, leaves no survivors", .noLeaks)
struct ShopTests {
    /// The types of the containers made directly under `container`, sorted.
    func children(of container: some Container) -> [String] {
        container.tree.children.map(\.container.typeName).sorted()
    }

    /// Whether the container `make` returns, used by `use` and let go without `end()`, is
    /// released: nothing of its own wiring keeps it.
    func isReleased<Made: Container>(_ make: () -> Made, after use: (Made) -> Void) -> Bool {
        weak var released: Made?
        do {
            let made = make()
            use(made)
            released = made
        }
        return released == nil
    }

    @Test("no container of the shop is kept by its own wiring: each, let go without end(), goes")
    func wiringKeepsNoContainer() {
        let app = ShopApp()
        #expect(isReleased({ ShopApp() }, after: { _ = $0.catalog() }))
        #expect(isReleased({ app.makeSession() }, after: { _ = ($0.navigation(), $0.cart()) }))

        let session = app.makeSession()
        let home = { HomeContainer(parent: session) }
        #expect(isReleased(home, after: { _ = ($0.stack(), $0.model()) }))
        let search = { SearchContainer(parent: session) }
        #expect(isReleased(search, after: { _ = ($0.stack(), $0.model()) }))
        let cart = { CartContainer(parent: session) }
        #expect(isReleased(cart, after: { _ = ($0.stack(), $0.sheet(), $0.model()) }))
        let product = { ProductContainer(parent: session, id: 42) }
        #expect(isReleased(product, after: { $0.model().addToCart(from: $0) }))
        let cartTab = CartContainer(parent: session)
        let checkout = { CheckoutContainer(parent: cartTab) }
        #expect(isReleased(checkout, after: { _ = $0.model() }))
        session.end()
        app.end()
    }

    @Test(
        "each tab's container is made on its first selection, not before, and kept",
        .timeLimit(.minutes(1)))
    func tabsOnFirstSelection() async throws {
        let model = ShopModel(app: ShopApp())
        model.signIn()
        let session = model.session!.container
        let navigation = session.navigation()
        #expect(children(of: session) == ["HomeContainer"])

        navigation.select(.search, in: session)
        #expect(navigation.selection == .search)
        #expect(children(of: session) == ["HomeContainer", "SearchContainer"])
        let search = try #require(navigation.search(in: session))
        search.model().search("Product 4")
        guard case .results(let found) = search.model().status else {
            Issue.record("the search shows no results: \(search.model().status)")
            return
        }
        #expect(found.map(\.id) == [4, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49])

        navigation.select(.home, in: session)
        navigation.select(.search, in: session)
        #expect(navigation.search(in: session) === search, "a tab is kept between selections")
        #expect(children(of: session) == ["HomeContainer", "SearchContainer"])

        navigation.select(.cart, in: session)
        #expect(children(of: session) == ["CartContainer", "HomeContainer", "SearchContainer"])

        _ = await model.signOut()
        #expect(!search.isActive)
        model.app.end()
    }

    @Test(
        "a tab's stack pushes and pops product screens; the sheet over it ends when dismissed",
        .timeLimit(.minutes(1)))
    func stackAndSheet() async throws {
        let model = ShopModel(app: ShopApp())
        model.signIn()
        let session = model.session!.container
        let navigation = session.navigation()
        let home = try #require(navigation.home(in: session))
        home.model().load()
        #expect(home.model().status == .loaded([42, 7, 3].map(session.catalog().product)))

        let first = navigation.show(42, on: home.stack(), in: session)
        let second = navigation.show(7, on: home.stack(), in: session)
        #expect(home.stack().path.map(\.id) == [first, second].map(ObjectIdentifier.init))

        // Add-to-cart: a main-actor route the session answers, from the home tab's screen.
        second.model().addToCart(from: second)
        #expect(second.model().status == .added(session.catalog().product(7), cartCount: 1))
        home.stack().popTo(first)
        #expect(!second.isActive && first.isActive)
        #expect(home.stack().path.count == 1)

        // The checkout sheet, over the cart tab's stack.
        let checkout = try #require(navigation.presentCheckout(in: session))
        let cart = try #require(navigation.cart(in: session))
        #expect(navigation.selection == .cart)
        #expect(cart.model().status == .holding(1))
        #expect(checkout.model().status == .reviewing(1))
        checkout.model().place()
        #expect(cart.model().status == .empty)
        navigation.dismissCheckout(in: session)
        #expect(!checkout.isActive)
        #expect(cart.sheet().path.isEmpty)
        #expect(first.isActive, "dismissing the sheet leaves the other tabs' screens")

        // The back button, as a NavigationStack bound to the path does it.
        home.stack().path.removeLast()
        #expect(!first.isActive && home.stack().path.isEmpty)

        _ = await model.signOut()
        #expect(!home.isActive && !cart.isActive)
        #expect(await model.app.drafts().saved.isEmpty, "a placed checkout keeps no draft")
        model.app.end()
    }

    @Test(
        "a cold deep link is held until sign-in, then replaces the home tab's stack",
        .timeLimit(.minutes(1)))
    func coldDeepLink() async throws {
        let model = ShopModel(app: ShopApp())
        model.open("shop://product/42")
        #expect(model.pendingLink == .product(42))
        #expect(model.session == nil && model.app.tree.children.isEmpty, "no session yet")

        model.signIn()
        #expect(model.pendingLink == nil)
        let session = model.session!.container
        let navigation = session.navigation()
        #expect(navigation.selection == .home)
        let screens = try #require(navigation.home(in: session)).stack().path.map(\.container)
        #expect((screens as? [ProductContainer])?.map(\.id) == [42])
        #expect(children(of: session) == ["HomeContainer", "ProductContainer"])

        _ = await model.signOut()
        #expect(screens.allSatisfy { !$0.isActive })
        model.app.end()
    }

    @Test(
        "a warm deep link switches to the home tab and replaces its stack, ending its screens",
        .timeLimit(.minutes(1)))
    func warmDeepLink() async throws {
        let model = ShopModel(app: ShopApp())
        model.signIn()
        let session = model.session!.container
        let navigation = session.navigation()
        let home = try #require(navigation.home(in: session))
        let replaced = [7, 3].map { navigation.show($0, on: home.stack(), in: session) }
        let checkout = try #require(navigation.presentCheckout(in: session))
        #expect(navigation.selection == .cart)

        model.open("shop://product/42")
        #expect(navigation.selection == .home)
        let path = home.stack().path
        let screens = path.map(\.container)
        #expect((screens as? [ProductContainer])?.map(\.id) == [42])
        #expect(replaced.allSatisfy { !$0.isActive }, "the link ends what it replaces")
        #expect(checkout.isActive, "the cart tab's sheet is not the link's to end")
        #expect(model.pendingLink == nil)

        model.open("shop://unknown")
        #expect(home.stack().path == path, "a link the shop does not know changes nothing")

        _ = await model.signOut()
        #expect(!checkout.isActive && screens.allSatisfy { !$0.isActive })
        model.app.end()
    }

    @Test(
        "sign-out with the checkout sheet open, awaited through Owned, leaves nothing of the session",
        .timeLimit(.minutes(1)))
    func signOutWithSheetOpen() async throws {
        let model = ShopModel(app: ShopApp())
        weak var session: SessionContainer?
        weak var checkout: CheckoutContainer?
        weak var checkoutModel: CheckoutModel?
        weak var cart: Cart?
        do {
            model.signIn()
            let signedIn = model.session!.container
            session = signedIn
            let navigation = signedIn.navigation()
            let home = try #require(navigation.home(in: signedIn))
            let screen = navigation.show(42, on: home.stack(), in: signedIn)
            screen.model().addToCart(from: screen)
            let sheet = try #require(navigation.presentCheckout(in: signedIn))
            checkout = sheet
            checkoutModel = sheet.model()
            cart = signedIn.cart()
            #expect(sheet.model().status == .reviewing(1))
        }

        guard let report = await model.signOut() else {
            Issue.record("no session to sign out of")
            return
        }
        #expect(report.overran.isEmpty, "\(report)")
        // The checkout's async end was awaited: its draft is saved as the sign-out returns.
        #expect(await model.app.drafts().saved == [[42]])
        #expect(model.session == nil)
        #expect(model.app.tree.children.isEmpty)
        #expect(session == nil && checkout == nil && checkoutModel == nil && cart == nil)
        model.app.end()
    }

    @Test("a session let go through Owned, tabs, stacks and a sheet open, ends and is released")
    func releasedSession() throws {
        let app = ShopApp()
        weak var session: SessionContainer?
        weak var checkout: CheckoutContainer?
        do {
            let owned = Owned(app.makeSession())
            session = owned.container
            let navigation = owned.container.navigation()
            navigation.select(.search, in: owned.container)
            let search = try #require(navigation.search(in: owned.container))
            navigation.show(4, on: search.stack(), in: owned.container)
            checkout = navigation.presentCheckout(in: owned.container)
            _ = checkout?.model()
        }
        #expect(session == nil && checkout == nil)
        #expect(app.tree.children.isEmpty)
        app.end()
    }
}
