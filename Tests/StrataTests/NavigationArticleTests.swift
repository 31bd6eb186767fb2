import Observation
import Strata
import Synchronization
import Testing

/// The *Navigation* article's types and views, their code as the article writes it, with
/// SwiftUI's views as plain values: a body is a function that returns what it would show.
///
/// Only two things are added, marked: the session counts the containers `make` was asked
/// for once its end had begun, and the test calls what a body, a button and a link would.
enum Article {
    struct User {}
    struct ProductID: Hashable { let value: Int }
    enum ShopLink { case product(ProductID) }
    final class HomeViewModel: Sendable {}
    final class ProductViewModel: Sendable {}

    final class AppContainer: Container {
        let scope = AppScope()
        func makeSession(for user: User) -> SessionContainer { SessionContainer(parent: self) }
    }

    final class SessionContainer: Container {
        let scope: SessionScope<AppContainer>
        /// Added: the containers made, or tried, under the session once its end had begun.
        let madeLate = Atomic<Int>(0)
        init(parent: AppContainer) { scope = SessionScope(parent: parent) }

        var navigation: Provider<ShopNavigation> { shared { ShopNavigation(session: self) } }
    }

    final class ShopNavigation: Sendable {
        let tabs: ContainerTabs<ShopTab>
        init(session: SessionContainer) { tabs = ContainerTabs(in: session) }
    }

    enum ShopTab: Hashable, Sendable { case home, cart }

    final class TabContainer: Container {
        let scope: FeatureScope<SessionContainer>
        init(checking parent: SessionContainer) throws(StrataError) {
            if !parent.isActive { parent.madeLate.add(1, ordering: .relaxed) }  // added
            scope = try FeatureScope(checking: parent)
        }

        var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
        var home: Provider<HomeViewModel> { shared { HomeViewModel() } }
    }

    final class ProductContainer: Container {
        let scope: FeatureScope<TabContainer>
        let product: ProductID
        init(checking parent: TabContainer, product: ProductID) throws(StrataError) {
            // Added:
            if !parent.parent.isActive { parent.parent.madeLate.add(1, ordering: .relaxed) }
            self.product = product
            scope = try FeatureScope(checking: parent)
        }
        var viewModel: Provider<ProductViewModel> { shared { ProductViewModel() } }
    }

    /// `ShopStackView`: its home screen's button, and its destinations.
    struct ShopStackView {
        let stack: ContainerStack
        let tab: TabContainer
        let home: HomeViewModel

        /// `HomeView`'s `onSelect`, as the article's body passes it.
        func select(_ product: ProductID) {
            try? stack.push(ProductContainer(checking: tab, product: product))
        }

        /// The destination of each entry of the path.
        func destinations() -> [ProductViewModel?] {
            stack.path.map { ScreenView(container: $0.container).body() }
        }
    }

    /// `ScreenView`'s body: the product's view model it shows, if any.
    struct ScreenView {
        let container: any Container

        func body() -> ProductViewModel? {
            if let product = container as? ProductContainer,
                let viewModel = try? product.viewModel.resolve()
            {
                return viewModel
            }
            return nil
        }
    }

    /// `ShopTabsView`'s body: the stack view of each tab it shows.
    struct ShopTabsView {
        let session: SessionContainer
        let navigation: ShopNavigation

        func body() -> [ShopStackView?] { [stackView(for: .home), stackView(for: .cart)] }

        private func stackView(for tab: ShopTab) -> ShopStackView? {
            if let container = try? navigation.tabs.container(
                for: tab,
                make: {
                    try TabContainer(checking: session)
                }),
                let stack = try? container.stack.resolve(),
                let home = try? container.home.resolve()
            {
                return ShopStackView(stack: stack, tab: container, home: home)
            }
            return nil
        }
    }

    /// `AppModel.open(_:)`, with a session.
    static func open(_ link: ShopLink, in session: Owned<SessionContainer>) {
        try? session.container.navigation.resolve().open(link, in: session.container)
    }
}

extension Article.ShopNavigation {
    func open(_ link: Article.ShopLink, in session: Article.SessionContainer) {
        switch link {
        case .product(let id):
            guard
                let home = try? tabs.container(
                    for: .home,
                    make: {
                        try Article.TabContainer(checking: session)
                    })
            else { return }
            try? home.stack.resolve().replace(with: [
                Article.ProductContainer(checking: home, product: id)
            ])
        }
    }
}

/// A signed-in app showing the article's tabs, and the app's code run whenever a sign-out
/// changes what it shows: the tab view's body, a tap on every home screen it shows, every
/// destination, and a deep link.
private final class SignedInShop: Sendable {
    let app = Article.AppContainer()
    let session: Owned<Article.SessionContainer>
    let view: Article.ShopTabsView
    /// The tabs' stack views shown before the sign-out, whose buttons stay on screen.
    let initial: [Article.ShopStackView]
    /// How many times the app ran during the end, and the tabs it showed then.
    let runs = Atomic<Int>(0)
    let tabsShownDuringEnd = Atomic<Int>(0)

    init() {
        session = Owned(app.makeSession(for: Article.User()))
        view = Article.ShopTabsView(
            session: session.container, navigation: session.container.navigation())
        initial = view.body().compactMap { $0 }
        for shown in initial {
            shown.select(Article.ProductID(value: 1))
            follow(shown)
        }
        Article.open(.product(Article.ProductID(value: 2)), in: session)
    }

    /// What the app shows: its tabs' stack views, and their destinations.
    var shown: [Article.ShopStackView?] { view.body() }

    /// Runs the app when `shown`'s stack changes, and when its tab ends.
    private func follow(_ shown: Article.ShopStackView) {
        shown.tab.onEnd { [weak self] _ in self?.run() }
        track(shown)
    }

    private func track(_ shown: Article.ShopStackView) {
        withObservationTracking {
            _ = shown.stack.path
        } onChange: { [weak self] in
            self?.run()
            self?.track(shown)
        }
    }

    /// The app, once the session's end has begun: a body, a tap on every home screen shown
    /// before, their destinations, a link.
    private func run() {
        guard !session.container.isActive else { return }
        runs.add(1, ordering: .relaxed)
        let now = view.body().compactMap { $0 }
        tabsShownDuringEnd.add(now.count, ordering: .relaxed)
        for earlier in initial {
            earlier.select(Article.ProductID(value: 3))
            _ = earlier.destinations()
        }
        Article.open(.product(Article.ProductID(value: 4)), in: session)
    }
}

@Suite("The Navigation article's patterns through a sign-out")
struct NavigationArticleTests {
    @Test(
        "the tab view, its buttons, destinations and a deep link, through endAndWait: no trap, nothing made",
        .timeLimit(.minutes(1)))
    func signOutAwaited() async {
        await #expect(processExitsWith: .success) {
            let shop = SignedInShop()
            let shown = shop.shown.compactMap { $0 }
            exitUnless(shown.count == 2, status: 2, "the tabs were not shown")
            exitUnless(
                shown.map { $0.stack.path.count } == [1, 1], status: 3,
                "the screens were not pushed")
            _ = await shop.session.container.endAndWait()
            exitUnless(shop.runs.load(ordering: .relaxed) > 0, status: 4, "the app never ran")
            exitUnless(
                shop.tabsShownDuringEnd.load(ordering: .relaxed) == 0, status: 5,
                "a tab shown during the end")
            exitUnless(
                shop.session.container.madeLate.load(ordering: .relaxed) == 0, status: 6,
                "a container made after the end began")
            exitUnless(shop.session.container.tree.children.isEmpty, status: 7, "a child left")
            exitUnless(shop.shown.allSatisfy { $0 == nil }, status: 8, "a tab shown after")
        }
    }

    @Test(
        "the tab view, its buttons, destinations and a deep link, after end(): no trap, nothing made",
        .timeLimit(.minutes(1)))
    func signOutAtOnce() async {
        await #expect(processExitsWith: .success) {
            let shop = SignedInShop()
            shop.session.container.end()
            exitUnless(shop.runs.load(ordering: .relaxed) > 0, status: 4, "the app never ran")
            exitUnless(
                shop.tabsShownDuringEnd.load(ordering: .relaxed) == 0, status: 5,
                "a tab shown during the end")
            exitUnless(
                shop.session.container.madeLate.load(ordering: .relaxed) == 0, status: 6,
                "a container made after the end began")
            exitUnless(shop.shown.allSatisfy { $0 == nil }, status: 8, "a tab shown after")
        }
    }
}
