import Observation
import Strata
import Synchronization
import Testing

/// A session whose navigation — an instance of the session — keeps the containers of the
/// screens it shows, each of which keeps the session: the shape of an app's navigation.
final class ShopSession: Container {
    let scope: SessionScope<TestApp>
    let log: EventLog

    init(parent: TestApp, log: EventLog = EventLog()) {
        self.log = log
        scope = SessionScope(parent: parent)
    }

    var navigation: Provider<ShopNavigation> { shared { ShopNavigation(session: self) } }

    /// A container of the session that is not on the stack, to see the stack's end first.
    func makeOther() -> ProductScreen { ProductScreen(parent: self, name: "other") }
}

/// The session's navigation: one stack, and the tabs.
final class ShopNavigation: Sendable {
    let stack: ContainerStack
    let tabs: ContainerTabs<ShopTab>

    init(session: ShopSession) {
        stack = ContainerStack(in: session)
        tabs = ContainerTabs(in: session)
    }
}

enum ShopTab: Hashable, Sendable { case home, cart, account }

/// A product page: a feature that logs its end.
final class ProductScreen: Container {
    let scope: FeatureScope<ShopSession>
    let name: String

    init(parent: ShopSession, name: String) {
        self.name = name
        scope = FeatureScope(parent: parent)
        onEnd { [log = parent.log] _ in log.record("end \(name)") }
    }

    var page: Provider<Tracked> { shared { Tracked("\(self.name).page", log: self.parent.log) } }
}

/// A cart: a feature of another type that logs its end.
final class CartScreen: Container {
    let scope: FeatureScope<ShopSession>

    init(parent: ShopSession) {
        scope = FeatureScope(parent: parent)
        onEnd { [log = parent.log] _ in log.record("end cart") }
    }
}

extension ShopSession {
    func product(_ name: String) -> ProductScreen { ProductScreen(parent: self, name: name) }
    var stack: ContainerStack { navigation().stack }
}

/// The names of the screens on `stack`, bottom first.
func names(_ stack: ContainerStack) -> [String] {
    stack.path.map { ($0.container as? ProductScreen)?.name ?? "cart" }
}

@Suite("A stack of containers that ends what it removes")
struct ContainerStackTests {
    @Test("push keeps containers of different types, bottom first; the path finds one by type")
    func pushKeepsMixedTypes() {
        let session = ShopSession(parent: TestApp())
        let first = session.product("shoes")
        let cart = CartScreen(parent: session)
        let second = session.product("socks")
        #expect(session.stack.path.last { $0.container is ProductScreen } == nil)
        session.stack.push(first)
        session.stack.push(cart)
        session.stack.push(second)
        #expect(names(session.stack) == ["shoes", "cart", "socks"])
        #expect(session.stack.path.last { $0.container is ProductScreen }?.container === second)
        #expect(session.stack.path.last { $0.container is CartScreen }?.container === cart)
        #expect(first.isActive && cart.isActive && second.isActive)
        session.end()
    }

    @Test("pushing a container the stack holds leaves it where it is")
    func pushTwiceKeepsOnce() {
        let session = ShopSession(parent: TestApp())
        let first = session.product("shoes")
        session.stack.push(first)
        session.stack.push(session.product("socks"))
        session.stack.push(first)
        #expect(names(session.stack) == ["shoes", "socks"])
        session.end()
    }

    @Test("popTo ends every container above, top first, and keeps the rest")
    func popToEndsAbove() {
        let session = ShopSession(parent: TestApp())
        let bottom = session.product("shoes")
        let cart = CartScreen(parent: session)
        let top = session.product("socks")
        session.stack.push(bottom)
        session.stack.push(cart)
        session.stack.push(top)
        session.stack.popTo(bottom)
        #expect(session.log.all == ["end socks", "end cart"])
        #expect(!cart.isActive && !top.isActive)  // ended, not merely let go
        #expect(names(session.stack) == ["shoes"])
        #expect(bottom.isActive)
        session.end()
    }

    @Test("popTo a container the stack does not hold changes nothing")
    func popToUnknown() {
        let session = ShopSession(parent: TestApp())
        session.stack.push(session.product("shoes"))
        let elsewhere = session.product("elsewhere")
        session.stack.popTo(elsewhere)
        #expect(names(session.stack) == ["shoes"])
        #expect(session.log.all.isEmpty)
        elsewhere.end()
        session.end()
    }

    @Test("replace ends the old stack top first, and keeps a container it names again")
    func replaceEndsWhatItReplaces() {
        let session = ShopSession(parent: TestApp())
        let kept = session.product("shoes")
        let hats = session.product("hats")
        let cart = CartScreen(parent: session)
        session.stack.push(hats)
        session.stack.push(kept)
        session.stack.push(cart)
        let deepLink = session.product("link")
        session.stack.replace(with: [kept, deepLink])
        #expect(session.log.all == ["end cart", "end hats"])
        #expect(!hats.isActive && !cart.isActive)
        #expect(names(session.stack) == ["shoes", "link"])
        #expect(kept.isActive && deepLink.isActive)
        session.end()
    }

    @Test("replace with the path less its top and a new top ends the old top alone")
    func replacingTheTopEndsItAlone() {
        let session = ShopSession(parent: TestApp())
        let checkout = session.product("checkout")
        session.stack.push(checkout)
        let shoes = session.product("shoes")
        session.stack.push(shoes)
        let stack = session.stack
        stack.replace(with: stack.path.dropLast().map(\.container) + [session.product("done")])
        #expect(session.log.all == ["end shoes"])
        #expect(!shoes.isActive && checkout.isActive)
        #expect(names(session.stack) == ["checkout", "done"])
        session.end()
    }

    @Test("replace(with: []) ends every container, top first, and lets go of them")
    func replacingWithNothingEndsEverything() {
        let gone = Gone()
        let session = ShopSession(parent: TestApp())
        do {
            let screens = [session.product("shoes"), session.product("socks")]
            for screen in screens { session.stack.push(screen) }
            for screen in screens { gone.watch(screen) }
        }
        session.stack.replace(with: [])
        #expect(session.log.all == ["end socks", "end shoes"])
        #expect(session.stack.path.isEmpty)
        #expect(gone.allGone)
        session.end()
    }

    @Test("replace(with: []) ends a container that something else still holds")
    func replacingWithNothingEndsHeldContainers() {
        let session = ShopSession(parent: TestApp())
        let held = session.product("held")
        session.stack.push(held)
        session.stack.replace(with: [])
        #expect(!held.isActive)
        #expect(session.log.all == ["end held"])
        session.end()
    }

    @Test("setting a shorter path, as a NavigationStack's back button does, ends what left")
    func settingThePathEndsWhatLeft() {
        let session = ShopSession(parent: TestApp())
        let bottom = session.product("shoes")
        let above = [session.product("socks"), session.product("hats")]
        session.stack.push(bottom)
        for screen in above { session.stack.push(screen) }
        session.stack.path = Array(session.stack.path.prefix(1))
        #expect(session.log.all == ["end hats", "end socks"])
        #expect(above.allSatisfy { !$0.isActive })
        #expect(names(session.stack) == ["shoes"])
        session.end()
    }

    @Test("setting the path leaves out an entry of a container the stack does not hold")
    func settingThePathIgnoresForeignEntries() {
        let session = ShopSession(parent: TestApp())
        let other = ContainerStack(in: session)
        other.push(session.product("foreign"))
        session.stack.push(session.product("shoes"))
        session.stack.path = other.path + session.stack.path
        #expect(names(session.stack) == ["shoes"])
        #expect(names(other) == ["foreign"])
        session.end()
    }

    @Test("a container that ends by itself leaves the stack")
    func ownEndLeaves() {
        let session = ShopSession(parent: TestApp())
        let screen = session.product("shoes")
        session.stack.push(screen)
        screen.end()
        #expect(session.stack.path.isEmpty)
        session.end()
    }

    @Test("the owner's end ends the stack top first, before its other children, and lets go")
    func ownerEndEndsTheStack() {
        let gone = Gone()
        let session = ShopSession(parent: TestApp())
        do {
            // Made in one order, pushed in another: the stack's order wins over the making's.
            let shoes = session.product("shoes")
            let cart = CartScreen(parent: session)
            let socks = session.product("socks")
            let screens: [any Container] = [socks, shoes, cart]
            for screen in screens { session.stack.push(screen) }
            for screen in screens { gone.watch(screen) }
        }
        let other = session.makeOther()  // made last: without the stack, it would end first
        session.end()
        #expect(session.log.all == ["end cart", "end shoes", "end socks", "end other"])
        #expect(!other.isActive)
        #expect(gone.allGone)
    }

    @Test("a container pushed once the owner has ended is ended at once, and not kept")
    func pushAfterOwnerEnded() {
        let session = ShopSession(parent: TestApp())
        let stack = session.stack
        let late = session.product("late")
        session.end()
        stack.push(late)
        #expect(!late.isActive)
        #expect(stack.path.isEmpty)
    }

    @Test("entries are equal when they hold the same container")
    func entryIdentity() {
        let session = ShopSession(parent: TestApp())
        let shoes = session.product("shoes")
        session.stack.push(shoes)
        session.stack.push(session.product("socks"))
        let path = session.stack.path
        #expect(path[0] == session.stack.path[0])
        #expect(path[0] != path[1])
        #expect(Set(path + session.stack.path).count == 2)
        #expect(path[0].id == ObjectIdentifier(shoes))
        session.end()
    }

    @Test(
        "an awaited end of the owner, through Owned, awaits the stack's ends, top first",
        .timeLimit(.minutes(1)))
    func awaitedSignOutThroughOwned() async {
        let flushed = EventLog()
        var held: Owned<ShopSession>? = Owned(ShopSession(parent: TestApp()))
        let stack = held!.container.stack
        for name in ["shoes", "socks"] {
            let screen = held!.container.product(name)
            screen.onEnd { _ in
                await Task.yield()
                flushed.record("flushed \(name)")
            }
            stack.push(screen)
        }
        // Longer than the default ten seconds: the parallel run can hold every task up for
        // seconds, and this test is about order, not speed.
        let report = await held!.container.endAndWait(within: .seconds(40))
        #expect(flushed.all == ["flushed socks", "flushed shoes"])
        #expect(report.overran.isEmpty)
        #expect(stack.path.isEmpty)
        held = nil
    }

    @Test("a session held through Owned and let go with screens pushed ends, and all goes")
    func ownedSessionLetGo() {
        let gone = Gone()
        let app = TestApp()
        var held: Owned<ShopSession>? = Owned(ShopSession(parent: app))
        do {
            let session = held!.container
            session.stack.push(session.product("shoes"))
            _ = session.navigation().tabs.container(for: .cart) { CartScreen(parent: session) }
            gone.watch(session)
            gone.watch(session.navigation())
            for entry in session.stack.path { gone.watch(entry.container) }
        }
        held = nil
        #expect(gone.allGone)
        #expect(app.tree.children.isEmpty)
    }
}

/// Every change a stack's observers must hear of, each from the same three screens.
enum StackChange: String, CaseIterable, Sendable {
    case push, popTo, replace, replaceWithNothing, setPath, ownEnd, ownerEnd

    func apply(to session: ShopSession, bottom: ProductScreen, top: ProductScreen) {
        let stack = session.stack
        switch self {
        case .push: stack.push(session.product("new"))
        case .popTo: stack.popTo(bottom)
        case .replace: stack.replace(with: [session.product("link")])
        case .replaceWithNothing: stack.replace(with: [])
        case .setPath: stack.path = Array(stack.path.prefix(1))
        case .ownEnd: top.end()
        case .ownerEnd: session.end()
        }
    }
}

@Suite("A stack of containers in the Observation framework")
struct ContainerStackObservationTests {
    @Test(
        "a withObservationTracking read of the path hears each change once, after it",
        arguments: StackChange.allCases)
    func pathReadHearsTheChange(_ change: StackChange) {
        let session = ShopSession(parent: TestApp())
        let stack = session.stack
        let bottom = session.product("shoes")
        let top = session.product("socks")
        stack.push(bottom)
        stack.push(top)
        let before = names(stack)
        let heard = Mutex<[[String]]>([])
        withObservationTracking {
            _ = stack.path
        } onChange: {
            heard.withLock { $0.append(names(stack)) }
        }
        change.apply(to: session, bottom: bottom, top: top)
        let seen = heard.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first != before)
        // The owner's end removes the screens one by one, as each ends: the first is heard.
        if change != .ownerEnd { #expect(seen.first == names(stack)) }
        session.end()
    }

    @Test("a search of the path by type is tracked too")
    func lastReadIsTracked() {
        let session = ShopSession(parent: TestApp())
        let stack = session.stack
        let fired = Atomic<Int>(0)
        withObservationTracking {
            _ = stack.path.last { $0.container is CartScreen }
        } onChange: {
            fired.add(1, ordering: .relaxed)
        }
        stack.push(CartScreen(parent: session))
        #expect(fired.load(ordering: .relaxed) == 1)
        session.end()
    }

    @Test("a call that changes nothing tells nobody")
    func noChangeNoNotice() {
        let session = ShopSession(parent: TestApp())
        let stack = session.stack
        let top = session.product("shoes")
        stack.push(top)
        let fired = Atomic<Int>(0)
        withObservationTracking {
            _ = stack.path
        } onChange: {
            fired.add(1, ordering: .relaxed)
        }
        stack.popTo(top)
        stack.push(top)
        stack.path = stack.path
        #expect(fired.load(ordering: .relaxed) == 0)
        session.end()
    }
}
