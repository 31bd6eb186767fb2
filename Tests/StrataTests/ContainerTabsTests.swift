import Dispatch
import Strata
import Synchronization
import Testing

@Suite("Tabs whose containers are made on first selection and kept")
struct ContainerTabsTests {
    @Test("a tab's container is made on first use, once, and kept")
    func madeOnFirstUseAndKept() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let made = Atomic<Int>(0)
        func cart() -> CartScreen {
            tabs.container(for: .cart) {
                made.add(1, ordering: .relaxed)
                return CartScreen(parent: session)
            }
        }
        #expect(made.load(ordering: .relaxed) == 0)
        let first = cart()
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
    func otherTypeReplaced() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let guest = tabs.container(for: .account) { CartScreen(parent: session) }
        let signedIn = tabs.container(for: .account) { session.product("account") }
        #expect(!guest.isActive)
        #expect(signedIn.isActive)
        #expect(session.log.all == ["end cart"])
        #expect(tabs.container(for: .account) { session.product("again") } === signedIn)
        session.end()
    }

    @Test("a tab's container that ends by itself leaves; the next use makes a new one")
    func ownEndLeaves() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let first = tabs.container(for: .cart) { CartScreen(parent: session) }
        first.end()
        let second = tabs.container(for: .cart) { CartScreen(parent: session) }
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
            gone.watch(home)
            gone.watch(cart)
        }
        let other = session.makeOther()  // made last: without the tabs, it would end first
        session.end()
        #expect(session.log.all == ["end cart", "end home", "end other"])
        #expect(!other.isActive)
        #expect(gone.allGone)
    }

    @Test("once the owner has ended, a tab's container is ended at once, and not kept")
    func madeAfterOwnerEnded() {
        let session = ShopSession(parent: TestApp())
        let tabs = session.navigation().tabs
        let late = CartScreen(parent: session)
        session.end()
        let got = tabs.container(for: .cart) { late }
        #expect(got === late)
        #expect(!late.isActive)
        let next = CartScreen(parent: TestApp().makeShopSession())
        #expect(tabs.container(for: .cart) { next } === next)
        #expect(!next.isActive)
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
        #expect(slowGot === fast)
        #expect(fast.isActive)
        #expect(session.log.all == ["end cart"])
        session.end()
    }
}

extension TestApp {
    func makeShopSession() -> ShopSession { ShopSession(parent: self) }
}
