/// An awaiting task a ``OneShotCore`` keeps until its value is given: an
/// `UnsafeContinuation`, where a `CheckedContinuation` stood.
///
/// For the "8 async end hooks" and "request" lines of Benchmarks/README.md: a
/// `CheckedContinuation` is a resilient type of the concurrency library, so every state that
/// held one was copied, tested and laid out through the runtime's generic witnesses and
/// metadata, and each one allocated a checker. It was measured together with the waiters
/// kept inline (``OneShotCore``), one box for `()`, deadlines that hold no closure
/// (``Deadlines``) and smaller async frames (``EndRunner``).
///
/// Invariants its callers keep:
/// - Each is resumed exactly once: ``OneShotCore`` keeps it in its state under its lock and
///   resumes it only after taking it out of the state there, by the give, the deadline or
///   the cancellation that took it; or, when it was never kept, at once where it was made.
/// - It is made only by ``suspend(_:)``, for a ``OneShot``'s wait.
struct Resumption: Sendable {
    private let continuation: UnsafeContinuation<GivenValue?, Never>

    /// Suspends the current task and passes its resumption to `keep`.
    static func suspend(_ keep: (Resumption) -> Void) async -> GivenValue? {
        await withUnsafeContinuation { keep(Resumption(continuation: $0)) }
    }

    func resume(returning value: GivenValue?) {
        continuation.resume(returning: value)
    }
}
