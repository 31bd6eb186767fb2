import Dispatch
import Foundation
import Strata
import Synchronization
import TestPauses
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
    /// the waiter must get the new instance, not what was handed on before. On Linux the
    /// factory is let go only once the waiter is seen blocked on a lock — the construction's
    /// gate, the only one held for long — so the waiter always takes the waiting path; where
    /// `/proc` cannot tell, a short pause gives it time to.
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
                blocked.store(waitUntilBlockedOnLock(waiter), ordering: .relaxed)
                app.release.signal()
            }
        }
        try #require(finished)
        #if os(Linux)
            let sawBlocked = blocked.load(ordering: .relaxed)
            #expect(sawBlocked, "the waiter never blocked on the gate")
        #endif
        #expect(got.load(ordering: .acquiring) == 42)
    }
}

#if os(Linux)
    /// The calling thread's id, as `/proc/thread-self` names it.
    private func currentThreadID() -> Int32 {
        let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
        return link.flatMap { Int32($0.split(separator: "/").last ?? "") } ?? -1
    }

    /// Returns once the thread `waiter` names is blocked on a lock, or after 9 s.
    ///
    /// - Returns: Whether it was seen blocked.
    private func waitUntilBlockedOnLock(_ waiter: borrowing Atomic<Int32>) -> Bool {
        let deadline = ContinuousClock.now + .seconds(9)
        while ContinuousClock.now < deadline {
            let thread = waiter.load(ordering: .acquiring)
            if thread > 0, isBlockedOnLock(thread: thread) { return true }
            sched_yield()
        }
        return false
    }

    /// Whether the thread `thread` of this process is blocked in a futex lock call, as a
    /// contended `Mutex` blocks: what `/proc` says the thread is doing, not a guess from time.
    ///
    /// `FUTEX_LOCK_PI` (6) and `FUTEX_LOCK_PI2` (13) are the operations a `Mutex` blocks in
    /// (the futex call is 202 on x86_64, 98 on aarch64); a semaphore's wait is a plain
    /// `FUTEX_WAIT`, which is not counted.
    private func isBlockedOnLock(thread: Int32) -> Bool {
        let path = "/proc/self/task/\(thread)/syscall"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        let fields = text.split(separator: " ")
        guard fields.count > 2, fields[0] == "202" || fields[0] == "98" else { return false }
        guard let operation = Int(fields[2].dropFirst(2), radix: 16) else { return false }
        return [6, 13].contains(operation & 0x7f)
    }
#else
    private func currentThreadID() -> Int32 { 0 }

    /// Where `/proc` cannot tell, a pause gives the waiter time to block.
    private func waitUntilBlockedOnLock(_ waiter: borrowing Atomic<Int32>) -> Bool {
        outlast(.milliseconds(20))
        return false
    }
#endif
