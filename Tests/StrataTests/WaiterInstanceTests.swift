import Dispatch
import Foundation
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
    /// the waiter must get the new instance, not what was handed on before. The factory is
    /// let go only once the waiter is seen blocked on a lock — the construction's gate, the
    /// only one held for long — so the waiter always takes the waiting path.
    @Test(
        "a waiter gets the instance built, not what its builder handed on before",
        .timeLimit(.minutes(1)), arguments: 0..<10)
    func waiterGetsTheNewInstance(round: Int) throws {
        let app = SteeredApp()
        let got = Atomic<Int>(0)
        let waiter = Atomic<Int32>(0)
        let blocked = Atomic<Bool>(false)
        let finished = onThreads(3) { side in
            switch side {
            case 0:
                #expect(app.nothing() == nil)
                #expect(app.slow().id == 42)
            case 1:
                app.building.wait()
                waiter.store(currentThreadID(), ordering: .releasing)
                got.store(app.slow().id, ordering: .releasing)
            default:
                // Lets the factory return once the waiter blocks on a lock, or after 9 s.
                let deadline = ContinuousClock.now + .seconds(9)
                while ContinuousClock.now < deadline {
                    let thread = waiter.load(ordering: .acquiring)
                    if thread > 0, isBlockedOnLock(thread: thread) {
                        blocked.store(true, ordering: .relaxed)
                        break
                    }
                    sched_yield()
                }
                app.release.signal()
            }
        }
        try #require(finished)
        let sawBlocked = blocked.load(ordering: .relaxed)
        #expect(sawBlocked, "the waiter never blocked on the gate")
        #expect(got.load(ordering: .acquiring) == 42)
    }
}

/// The calling thread's id, as `/proc/thread-self` names it.
private func currentThreadID() -> Int32 {
    let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    return link.flatMap { Int32($0.split(separator: "/").last ?? "") } ?? -1
}

/// Whether the thread `thread` of this process is blocked in a futex lock call, as a
/// contended `Mutex` blocks: what `/proc` says the thread is doing, not a guess from time.
///
/// `FUTEX_LOCK_PI` (6) and `FUTEX_LOCK_PI2` (13) are the operations a `Mutex` blocks in; a
/// semaphore's wait is a plain `FUTEX_WAIT`, which is not counted.
private func isBlockedOnLock(thread: Int32) -> Bool {
    let path = "/proc/self/task/\(thread)/syscall"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
    let fields = text.split(separator: " ")
    guard fields.count > 2, fields[0] == "202" || fields[0] == "98" else { return false }
    guard let operation = Int(fields[2].dropFirst(2), radix: 16) else { return false }
    return [6, 13].contains(operation & 0x7f)
}
