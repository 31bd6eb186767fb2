import Synchronization

/// A lock around a value: `Synchronization.Mutex`, made visible to ThreadSanitizer.
///
/// Invariants its callers keep:
/// - A critical section never takes the same lock again: `Mutex` is not recursive. One that
///   waits for another thread (a builder holding its construction's gate while its factory
///   waits for another build) waits through the ``WaitGraph``, which refuses a wait that
///   would close a cycle.
/// - What a critical section returns is `Sendable`, or a value the protected state no longer
///   refers to (a snapshot, a removed list): it leaves the lock unchecked (``Handover``).
/// - Under ThreadSanitizer the lock's own address names it, so the lock is not moved while a
///   critical section runs: every lock is a `let` of a class instance or a static `let`,
///   which never move.
///
/// On Linux `Mutex` is built on raw futex calls that ThreadSanitizer does not intercept, so
/// every access it guards would be reported as a race and real races would drown. When the
/// sanitizer's runtime is loaded, each critical section tells it about the acquire and the
/// release, as the Swift runtime does for its own futex-based locks. Without the sanitizer
/// the cost is one predictable branch. The value is stored inline: no allocation.
struct Lock<Value>: ~Copyable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(consume value)
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// Always inlined: called out of line, every cached resolution paid two retains and two
    /// releases (the owner and the key its closure captures) for the call alone.
    @inline(__always)
    borrowing func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if STRATA_EXPLORER
            // Each acquisition is a point where the explorer chooses what runs next.
            Interleavings.willLock()
            defer { Interleavings.didUnlock() }
        #endif
        guard ThreadSanitizerHooks.areLoaded, let sanitizer = ThreadSanitizerHooks.inProcess else {
            return try mutex.withLock { (value: inout Value) throws(Failure) in
                Handover(try body(&value))
            }.result
        }
        // The lock's own address names it to the sanitizer; it must be known before the
        // value is touched, or the first touch is reported.
        return try withUnsafePointer(to: self) { (address) throws(Failure) -> Result in
            try mutex.withLock { (value: inout Value) throws(Failure) in
                sanitizer.acquire(address)
                defer { sanitizer.release(address) }
                return Handover(try body(&value))
            }.result
        }
    }
}

/// Carries a critical section's result out of `Mutex.withLock`, whose result must be
/// `sending`.
// @unchecked: what Strata's critical sections return is either Sendable or a copy the
// protected state no longer refers to (a snapshot of entries, a removed hook list).
private struct Handover<Result>: @unchecked Sendable {
    let result: Result

    init(_ result: Result) { self.result = result }
}

// @unchecked: like Mutex, the lock hands the value to one thread at a time.
extension Lock: @unchecked Sendable {}

/// A lock held while some work runs, so that other threads can wait for the work to finish.
///
/// Its value is a placeholder: a zero-sized one trips ThreadSanitizer's exclusivity checks.
typealias Gate = Lock<Int>

extension Lock where Value == Int {
    init() { self.init(0) }

    /// Returns once no other thread holds the gate.
    borrowing func wait() { withLock { _ in } }
}
