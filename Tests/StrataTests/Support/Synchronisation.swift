import Dispatch
import Foundation
import Synchronization

/// Counts threads that reached a point, and lets one thread wait, with a time limit, until
/// enough of them have.
final class Arrivals: Sendable {
    private let signals = DispatchSemaphore(value: 0)
    private let arrived = Atomic<Int>(0)

    /// Records that the calling thread got here.
    func arrive() {
        arrived.add(1, ordering: .sequentiallyConsistent)
        signals.signal()
    }

    /// How many arrived so far.
    var count: Int { arrived.load(ordering: .sequentiallyConsistent) }

    /// Waits until this call has seen `count` arrivals; `false` when thirty seconds pass first.
    ///
    /// A bound, never an expected duration, and a wide one: a synchronous test waits here on
    /// a thread of the cooperative pool, which on Linux is Dispatch's too, so a delivery sent
    /// to `DispatchQueue.global()` waits for a thread that no test holds. With the other
    /// suites holding the rest, on a loaded machine, a first delivery came after more than ten
    /// seconds. Only one thread may wait at a time: each arrival wakes one wait.
    func wait(for count: Int) -> Bool {
        let deadline = DispatchTime.now() + .seconds(30)
        for _ in 0..<count {
            if signals.wait(timeout: deadline) == .timedOut { return false }
        }
        return true
    }
}

/// Holds every thread that arrives until `parties` of them have, for ten seconds at most.
// @unchecked: `arrived` is read and written only with `condition` locked.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    /// Arrives and waits for the others; `false` when they had not all arrived in ten seconds.
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived == parties { condition.broadcast() }
        let deadline = Date(timeIntervalSinceNow: 10)
        while arrived < parties {
            if !condition.wait(until: deadline) { return arrived >= parties }
        }
        return true
    }
}

/// Runs `body` on `count` threads of their own, each given its index, and waits for them all.
///
/// Real threads, not `concurrentPerform` or tasks: a body may block until the others have
/// arrived, which a pool as wide as the machine's cores cannot promise.
///
/// - Returns: `false` when they had not all finished within thirty seconds.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let finished = Arrivals()
    for index in 0..<count {
        Thread.detachNewThread {
            body(index)
            finished.arrive()
        }
    }
    return finished.wait(for: count)
}

/// The status a child process of an exit test ends with when its work got stuck.
let stuckStatus: Int32 = 86

/// In the child process of an exit test: runs `body` on a thread of its own and, when it has
/// not finished within ten seconds, writes why to standard error and ends the process with
/// ``stuckStatus``.
///
/// The stuck thread is not waited for: it may hold a lock forever, and `_exit` skips the
/// clean-up that could need it.
func exitIfStuck(_ what: String, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    guard done.wait(timeout: .now() + .seconds(10)) == .timedOut else { return }
    FileHandle.standardError.write(Data("stuck: \(what) did not finish within 10 s\n".utf8))
    _exit(stuckStatus)
}

/// In the child process of an exit test: ends the process with `status` after writing
/// `message`, when `condition` is false.
func exitUnless(_ condition: Bool, status: Int32, _ message: String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    _exit(status)
}

/// Runs every job of the tasks that prefer it one at a time, in the order they were enqueued.
///
/// A task started with it runs from one suspension point to the next without another of
/// its tasks in between, which lets a test order what tasks do without waiting on a clock.
final class OneAtATime: TaskExecutor {
    private let queue = DispatchQueue(label: "OneAtATime")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Returns once every job enqueued before the call has run: each task that prefers this
    /// executor has run up to a suspension point, or to its end.
    func drained() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }
}

/// Opens once; every task awaiting it resumes then, and any that awaits later does not wait.
///
/// It ignores cancellation, to stand for work that does not stop when asked.
final class AsyncGate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>(
        (false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }
}

/// Whether the tests run under ThreadSanitizer, about ten times slower: rounds of a race or a
/// stress test are cut there, so that they fit their time limits on CI's two cores.
let isUnderThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_acquire") != nil

/// A task executor that can tell whether the current code runs on it.
///
/// Work in the task that prefers it runs there; a task started with `Task { }` inside that task does not, since a
/// preference does not reach an unstructured task. So a test tells work run in the caller's
/// task from work run in a task of its own.
final class RecognisedExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "RecognisedExecutor")
    private static let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: Self.key, value: true) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Whether the caller runs on a recognised executor.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A deadline no loaded machine reaches, for an `endAndWait` whose test holds a hook on a gate
/// and checks what the end does, not when its deadline passes: under load, the default ten
/// seconds passed while a test waited for its own steps, and the end went on without it.
let unreachedDeadline = Duration.seconds(3600)
