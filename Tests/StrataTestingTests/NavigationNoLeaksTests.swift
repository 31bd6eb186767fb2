import Strata
import StrataTesting
import Synchronization
import Testing

// The navigation of a tabbed shop, held the way the Navigation article says: every container
// a stack or the tabs keep is ended, and released, by the time the test is judged.

final class StoreApp: Container {
    let scope = AppScope()

    /// The deep link that arrived before sign-in, held until a session can open it.
    let pendingLink = Locked<String?>(nil)
}

final class StoreSession: Container {
    let scope: SessionScope<StoreApp>
    init(parent: StoreApp) { scope = SessionScope(parent: parent) }

    var tabs: Provider<ContainerTabs<StoreTab>> { shared { ContainerTabs(in: self) } }
}

enum StoreTab: Hashable, Sendable { case home, cart }

/// A tab: a feature of the session, with a stack of its own.
final class StoreTabContainer: Container {
    let scope: FeatureScope<StoreSession>
    init(parent: StoreSession) { scope = FeatureScope(parent: parent) }

    var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
    var viewModel: Provider<StoreViewModel> { shared { StoreViewModel() } }
}

/// A screen on a tab's stack.
final class StoreScreen: Container {
    let scope: FeatureScope<StoreTabContainer>
    let name: String
    init(parent: StoreTabContainer, name: String) {
        self.name = name
        scope = FeatureScope(parent: parent)
    }

    var viewModel: Provider<StoreViewModel> { shared { StoreViewModel() } }
}

/// A sheet shown over a screen: an interaction.
final class StoreSheet: Container {
    let scope: InteractionScope<StoreScreen>
    init(parent: StoreScreen) { scope = InteractionScope(parent: parent) }
    var viewModel: Provider<StoreViewModel> { shared { StoreViewModel() } }
}

final class StoreViewModel: Sendable {}

@Suite("Navigation that owns its containers leaves no survivors", .noLeaks)
struct NavigationNoSurvivorsTests {
    /// Signs in, selects the home tab, and opens the link held for the session, if any.
    func signIn(to app: StoreApp) -> Owned<StoreSession> {
        let session = Owned(StoreSession(parent: app))
        let made = session.container.tabs().container(for: .home) {
            StoreTabContainer(parent: session.container)
        }
        guard let home = made else { return session }  // the session's end has begun
        _ = home.viewModel()
        if let link = app.pendingLink.withLock({ $0.take() }) {
            home.stack().replace(with: [StoreScreen(parent: home, name: link)])
        }
        return session
    }

    @Test(
        "tabs on first selection, a stack with a sheet, a deep link cold and warm, an awaited sign-out",
        .timeLimit(.minutes(1)))
    func tabbedShop() async throws {
        let app = StoreApp()
        app.pendingLink.withLock { $0 = "product-42" }  // cold: the link came before sign-in
        var session: Owned<StoreSession>? = signIn(to: app)
        let tabs = session!.container.tabs()
        let home = try #require(
            tabs.container(for: .home) { StoreTabContainer(parent: session!.container) })
        #expect(home.stack().path.count == 1)

        let product = home.stack().path.last!.container as! StoreScreen
        _ = product.viewModel()
        let sheet = StoreSheet(parent: product)
        home.stack().push(sheet)
        _ = sheet.viewModel()

        let cart = try #require(
            tabs.container(for: .cart) { StoreTabContainer(parent: session!.container) })
        cart.stack().push(StoreScreen(parent: cart, name: "checkout"))

        // Warm: a link while signed in replaces the home stack, sheet and all.
        home.stack().replace(with: [StoreScreen(parent: home, name: "product-7")])
        #expect(!sheet.isActive && !product.isActive)

        let report = await session!.container.endAndWait()
        #expect(report.overran.isEmpty)
        #expect(!home.isActive && !cart.isActive)
        session = nil
        app.end()
    }

    @Test("a session let go with tabs, stacks and a sheet open ends through Owned")
    func sessionLetGo() throws {
        let app = StoreApp()
        do {
            let session = signIn(to: app)
            let home = try #require(
                session.container.tabs().container(for: .home) {
                    StoreTabContainer(parent: session.container)
                })
            let screen = StoreScreen(parent: home, name: "product")
            home.stack().push(screen)
            home.stack().push(StoreSheet(parent: screen))
        }
        #expect(app.tree.children.isEmpty)
        app.end()
    }
}

extension Optional {
    /// The value, leaving `nil` in its place.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
