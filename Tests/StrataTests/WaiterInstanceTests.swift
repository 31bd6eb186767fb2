import Dispatch
import Strata
import Synchronization
import Testing

/// An app whose providers a test steers: `nothing` hands a `nil` to its caller without
/// keeping it, and `slow` builds only when the test lets it.
private final class SteeredApp: Container {
    let scope = AppScope()
    let release = DispatchSemaphore(value: 0)
    let building = DispatchSemaphore(value: 0)

    var nothing: Provider<Service?> { sharedWhenPresent { nil } }
    var slow: Provider<Service> {
        shared {
            self.building.signal()
            self.release.wait()
            return Service(id: 42)
        }
    }
}

/// A waiter gets the instance of the build it waits for.
@Suite struct WaiterInstanceTests {
    /// A waiter on a thread that handed a `nil` on in its last build.
    ///
    /// The builder hands a `nil` on, then builds `slow` while the other thread waits for it:
    /// the waiter must get the new instance, not what was handed on before. The waiter has
    /// started its resolution before the factory returns; it cannot be seen blocking, so a
    /// short pause gives it time to.
    @Test(
        "a waiter gets the instance built, not what its builder handed on before",
        .timeLimit(.minutes(1)), arguments: 0..<10)
    func waiterGetsTheNewInstance(round: Int) throws {
        let app = SteeredApp()
        let got = Atomic<Int>(0)
        let finished = onThreads(2) { side in
            if side == 0 {
                #expect(app.nothing() == nil)
                #expect(app.slow().id == 42)
            } else {
                app.building.wait()
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                    app.release.signal()
                }
                got.store(app.slow().id, ordering: .releasing)
            }
        }
        try #require(finished)
        #expect(got.load(ordering: .acquiring) == 42)
    }
}
