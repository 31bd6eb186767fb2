import Observation
import Strata
import Synchronization
import Testing

/// A tab's container with a stack of its own, as the Navigation article's `TabContainer`.
final class ShopTabScreen: Container {
    let scope: FeatureScope<ShopSession>

    init(parent: ShopSession) { scope = FeatureScope(parent: parent) }

    init(checking parent: ShopSession) throws(StrataError) {
        scope = try FeatureScope(checking: parent)
    }

    var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
}

/// A screen on a tab's stack, made under the tab, as the article's `ProductContainer`.
final class TabProductScreen: Container {
    let scope: FeatureScope<ShopTabScreen>

    init(parent: ShopTabScreen) { scope = FeatureScope(parent: parent) }

    init(checking parent: ShopTabScreen) throws(StrataError) {
        scope = try FeatureScope(checking: parent)
    }
}

/// A session with a home tab that shows one screen on its stack: the shape a sign-out ends.
private struct SignedIn {
    let session = ShopSession(parent: TestApp())
    let home: ShopTabScreen
    let stack: ContainerStack

    init() throws {
        let session = session
        home = try #require(
            session.navigation().tabs.container(for: .home) { ShopTabScreen(parent: session) })
        stack = home.stack()
        stack.push(TabProductScreen(parent: home))
    }

    var tabs: ContainerTabs<ShopTab> { session.navigation().tabs }

    /// Runs `body` when the home tab's stack changes as the tab ends, inside the session's
    /// end: where SwiftUI evaluates a body again during a sign-out.
    func onStackChange(_ body: @escaping @Sendable () -> Void) {
        withObservationTracking {
            _ = stack.path
        } onChange: {
            body()
        }
    }
}

@Suite("Navigation asked for a container while its owner ends")
struct NavigationDuringEndTests {
    @Test("after the owner's end(), a tab not yet made is not made", .timeLimit(.minutes(1)))
    func tabAfterEnd() async {
        await #expect(processExitsWith: .success) {
            let signedIn = try SignedIn()
            let tabs = signedIn.tabs
            let session = signedIn.session
            session.end()
            let made = Atomic<Int>(0)
            let cart = tabs.container(for: .cart) {
                made.add(1, ordering: .relaxed)
                return ShopTabScreen(parent: session)
            }
            exitUnless(made.load(ordering: .relaxed) == 0, status: 2, "make ran after the end")
            exitUnless(cart == nil, status: 3, "a tab given after the end")
        }
    }

    @Test(
        "a tab view's body evaluated during the owner's endAndWait makes no tab",
        .timeLimit(.minutes(1)))
    func tabDuringEndAndWait() async {
        await #expect(processExitsWith: .success) {
            let signedIn = try SignedIn()
            let (session, tabs) = (signedIn.session, signedIn.tabs)
            let made = Atomic<Int>(0)
            let evaluated = Atomic<Int>(0)
            signedIn.onStackChange {
                evaluated.add(1, ordering: .relaxed)
                for tab in [ShopTab.home, .cart] {
                    let shown = tabs.container(for: tab) {
                        made.add(1, ordering: .relaxed)
                        return ShopTabScreen(parent: session)
                    }
                    exitUnless(shown == nil, status: 4, "a tab given during the end")
                }
            }
            _ = await session.endAndWait()
            exitUnless(evaluated.load(ordering: .relaxed) == 1, status: 2, "no body evaluated")
            exitUnless(made.load(ordering: .relaxed) == 0, status: 3, "make ran during the end")
        }
    }

    @Test(
        "a screen pushed from a button after its tab's end began is not made",
        .timeLimit(.minutes(1)))
    func pushAfterEnd() async {
        await #expect(processExitsWith: .success) {
            let signedIn = try SignedIn()
            let (home, stack) = (signedIn.home, signedIn.stack)
            signedIn.session.end()
            stack.push(TabProductScreen(parent: home))
            exitUnless(stack.path.isEmpty, status: 2, "a screen kept after the end")
            exitUnless(home.tree.children.isEmpty, status: 3, "a screen made after the end")
        }
    }

    @Test("a screen whose parent ends while it is made is not pushed; its error passes through")
    func pushRethrows() throws {
        let signedIn = try SignedIn()
        let (home, stack) = (signedIn.home, signedIn.stack)
        let session = ShopSession(parent: TestApp())
        let other = try #require(
            session.navigation().tabs.container(for: .cart) { ShopTabScreen(parent: session) })
        // The stack's owner is active; the screen's parent, another tab, has ended.
        other.end()
        #expect(throws: StrataError.self) { try stack.push(TabProductScreen(checking: other)) }
        #expect(stack.path.count == 1)
        #expect(other.tree.children.isEmpty)
        session.end()
        _ = home
        signedIn.session.end()
    }

    @Test(
        "a screen pushed from a button during the owner's endAndWait is not made",
        .timeLimit(.minutes(1)))
    func pushDuringEndAndWait() async {
        await #expect(processExitsWith: .success) {
            let signedIn = try SignedIn()
            let (home, stack) = (signedIn.home, signedIn.stack)
            let pushed = Atomic<Int>(0)
            signedIn.onStackChange {
                pushed.add(1, ordering: .relaxed)
                stack.push(TabProductScreen(parent: home))
            }
            _ = await signedIn.session.endAndWait()
            exitUnless(pushed.load(ordering: .relaxed) == 1, status: 2, "no button tapped")
            exitUnless(stack.path.isEmpty, status: 3, "a screen kept after the end")
        }
    }

    @Test(
        "a deep link opened during the owner's endAndWait opens nothing",
        .timeLimit(.minutes(1)))
    func deepLinkDuringEndAndWait() async {
        await #expect(processExitsWith: .success) {
            let signedIn = try SignedIn()
            let (session, tabs) = (signedIn.session, signedIn.tabs)
            let opened = Atomic<Int>(0)
            signedIn.onStackChange {
                opened.add(1, ordering: .relaxed)
                guard
                    let home = try? tabs.container(
                        for: .home, make: { try ShopTabScreen(checking: session) })
                else { return }
                try? home.stack.resolve().replace(with: [TabProductScreen(checking: home)])
            }
            _ = await session.endAndWait()
            exitUnless(opened.load(ordering: .relaxed) == 1, status: 2, "no link opened")
            exitUnless(signedIn.stack.path.isEmpty, status: 3, "a screen kept after the end")
        }
    }
}
