import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bridge from the harness's synchronous `measure` closures to async code: runs `body`
/// in a detached task and blocks the calling thread until it returns.
///
/// The calling thread is the bench thread (see `main.swift`), never the main thread, and
/// never a thread of the cooperative pool: so blocking it starves no task, the pool keeps
/// both its threads for `body`, and the main thread stays free to run the main actor.
///
/// Async cases time their loops inside `body` and return the nanoseconds, so that the
/// hop into the task and the wake-up of the bench thread are not timed.
func runBlocking<Result: Sendable>(
    _ body: @escaping @Sendable () async throws(BenchFailure) -> Result
) throws(BenchFailure) -> Result {
    precondition(
        !MainThread.isCurrent,
        "strata-bench: runBlocking on the main thread would block the main actor")
    let done = DispatchSemaphore(value: 0)
    let outcome = OutcomeBox<Result>()
    Task.detached {
        do throws(BenchFailure) {
            outcome.value = .success(try await body())
        } catch {
            outcome.value = .failure(error)
        }
        done.signal()
    }
    done.wait()
    // The semaphore orders the task's write before this read.
    guard let value = outcome.value else { preconditionFailure("runBlocking: no outcome") }
    return try value.get()
}

/// Where the detached task of ``runBlocking(_:)`` leaves its outcome.
// @unchecked: written once by the task before it signals the semaphore, read by the
// blocked thread after the semaphore returns.
private final class OutcomeBox<Value>: @unchecked Sendable {
    var value: Result<Value, BenchFailure>?
}

/// Times an async loop: `body` runs `iterations` operations in a task, off the main actor,
/// and the time is taken inside that task.
///
/// A failure inside the loop traps: each case checks its behaviour before it times it, so a
/// loop that fails has found a bug the check missed.
func asyncTimedLoop(
    _ body: @escaping @Sendable (_ iterations: Int) async throws -> Void
) -> TimedLoop {
    { iterations in
        timedOrTrap {
            let start = monotonicNanoseconds()
            try await body(iterations)
            return Double(monotonicNanoseconds() - start)
        }
    }
}

/// Times an async loop that runs on the main actor from its first iteration to its last:
/// the caller of every operation is main-actor code.
func mainActorTimedLoop(
    _ body: @escaping @MainActor @Sendable (_ iterations: Int) async throws -> Void
) -> TimedLoop {
    { iterations in
        timedOrTrap { @MainActor in
            precondition(
                MainThread.isCurrent || !MainQueue.isServedOnMainThread,
                "a main-actor loop is not on the main thread")
            let start = monotonicNanoseconds()
            try await body(iterations)
            return Double(monotonicNanoseconds() - start)
        }
    }
}

/// Runs `body` with ``runBlocking(_:)``, trapping on any error it throws.
private func timedOrTrap(_ body: @escaping @Sendable () async throws -> Double) -> Double {
    do {
        return try runBlocking { () async throws(BenchFailure) -> Double in
            do {
                return try await body()
            } catch {
                throw BenchFailure("a timed loop failed: \(error)")
            }
        }
    } catch {
        fatalError("strata-bench: \(error)")
    }
}

/// Which thread is the process's main thread: the one the main actor runs on.
enum MainThread {
    #if os(Linux)
        /// The main thread, as `main.swift` records it before it starts the bench thread.
        private static let recorded = Atomic<UInt>(0)
    #endif

    /// Records the calling thread as the main thread; `main.swift` calls it first.
    static func recordCurrent() {
        #if os(Linux)
            recorded.store(UInt(pthread_self()), ordering: .releasing)
        #endif
    }

    /// Whether the calling thread is the main thread.
    static var isCurrent: Bool {
        #if os(Linux)
            return recorded.load(ordering: .acquiring) == UInt(pthread_self())
        #elseif canImport(Darwin)
            return pthread_main_np() != 0
        #else
            return false
        #endif
    }
}
