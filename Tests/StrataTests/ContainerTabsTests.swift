import Dispatch
import Strata
import Synchronization
import Testing

@Suite("Tabs whose containers are made on first selection and kept")
struct ContainerTabsTests {
    @Test("a tab's container is made on first use, once, and kept")
    func madeOnFirstUseAndKept() throws {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let made = Atomic<Int>(0)
        func cart() -> CartScreen? {
            tabs.container(for: .cart) {
                made.add(1, ordering: .relaxed)
                return CartScreen(parent: session)
            }
        }
        #expect(made.load(ordering: .relaxed) == 0)
        let first = try #require(cart())
        let again = cart()
        #expect(first === again)
        #expect(made.load(ordering: .relaxed) == 1)
        #expect(first.isActive)
        session.end()
    }

    @Test("tabs hold containers of different types, each its own")
    func mixedTypes() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let cart = tabs.container(for: .cart) { CartScreen(parent: session) }
        let home = tabs.container(for: .home) { session.product("home") }
        #expect(tabs.container(for: .cart) { CartScreen(parent: session) } === cart)
        #expect(tabs.container(for: .home) { session.product("other") } === home)
        session.end()
    }

    @Test("a kept container of another type is ended and replaced")
    func otherTypeReplaced() throws {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let guest = try #require(tabs.container(for: .account) { CartScreen(parent: session) })
        let signedIn = try #require(
            tabs.container(for: .account) { session.product("account") })
        #expect(!guest.isActive)
        #expect(signedIn.isActive)
        #expect(session.log.all == ["end cart"])
        #expect(tabs.container(for: .account) { session.product("again") } === signedIn)
        session.end()
    }

    @Test("a tab's container that ends by itself leaves; the next use makes a new one")
    func ownEndLeaves() throws {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let first = try #require(tabs.container(for: .cart) { CartScreen(parent: session) })
        first.end()
        let second = try #require(tabs.container(for: .cart) { CartScreen(parent: session) })
        #expect(first !== second)
        #expect(second.isActive)
        session.end()
    }

    @Test("the owner's end ends every tab's container, newest made first, and lets go")
    func ownerEndEndsTabs() {
        let gone = Gone()
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        do {
            let home = tabs.container(for: .home) { session.product("home") }
            let cart = tabs.container(for: .cart) { CartScreen(parent: session) }
            #expect(home != nil && cart != nil)
            home.map(gone.watch)
            cart.map(gone.watch)
        }
        let other = session.makeOther()  // made last: without the tabs, it would end first
        session.end()
        #expect(session.log.all == ["end cart", "end home", "end other"])
        #expect(!other.isActive)
        #expect(gone.allGone)
    }

    @Test("once the owner's end has begun, no tab is given, kept or not, and make is not called")
    func nothingOnceOwnerEnds() throws {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let cart = try #require(tabs.container(for: .cart) { CartScreen(parent: session) })
        // Made under a session that stays active: a make called by mistake does not trap.
        let other = ShopSession(parent: TestApp())
        let made = Atomic<Int>(0)
        let seen = Locked<[Bool]>([])
        cart.onEnd { _ in
            // Inside the owner's end: the kept tab and one not yet made.
            seen.withLock {
                $0.append(tabs.container(for: .cart) { CartScreen(parent: other) } == nil)
                $0.append(
                    tabs.container(for: .home) {
                        made.add(1, ordering: .relaxed)
                        return other.product("home")
                    } == nil)
            }
        }
        session.end()
        #expect(seen.withLock { $0 } == [true, true])
        #expect(tabs.container(for: .home) { other.product("late") } == nil)
        #expect(made.load(ordering: .relaxed) == 0)
        #expect(other.tree.children.isEmpty)
        other.end()
    }

    @Test("what make returns once the owner has ended is ended at once, and not kept")
    func madeWhileOwnerEnded() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let elsewhere = ShopSession(parent: TestApp())
        var made: CartScreen?
        let got = tabs.container(for: .cart) {
            made = CartScreen(parent: elsewhere)
            session.end()  // the owner's end, while make runs
            return made!
        }
        #expect(got == nil)
        #expect(made?.isActive == false)
        #expect(elsewhere.tree.children.isEmpty)
        elsewhere.end()
    }

    @Test("a make whose owner closes while it runs throws childOfEnded through the call")
    func checkingMakeRethrows() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        do {
            _ = try tabs.container(for: .home) { () throws(StrataError) in
                session.end()  // the owner's end, begun elsewhere while make runs
                return try ShopTabScreen(checking: session)
            }
            Issue.record("a tab made under an ended owner")
        } catch StrataError.childOfEnded(let parent, _, _) {
            #expect(parent.typeName == "ShopSession")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(session.tree.children.isEmpty)
    }

    @Test(
        "two first uses at once keep the first made, and end the other's container",
        .timeLimit(.minutes(1)))
    func racingFirstUses() async {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let slowStarted = DispatchSemaphore(value: 0)
        let fastDone = DispatchSemaphore(value: 0)
        // Both sides block a thread on a semaphore: real threads, never the cooperative
        // pool's two, which a blocked test would take from every other test in the run.
        let slow = Task {
            await onAThread {
                tabs.container(for: .cart) {
                    slowStarted.signal()
                    _ = fastDone.wait(timeout: .now() + .seconds(30))
                    return CartScreen(parent: session)
                }
            }
        }
        _ = await onAThread { slowStarted.wait(timeout: .now() + .seconds(30)) }
        let fast = tabs.container(for: .cart) { CartScreen(parent: session) }
        fastDone.signal()
        let slowGot = await slow.value
        #expect(fast != nil && slowGot === fast)
        #expect(fast?.isActive == true)
        #expect(session.log.all == ["end cart"])
        session.end()
    }
}

extension TestApp {
    func makeShopSession() -> ShopSession { ShopSession(parent: self) }
}
