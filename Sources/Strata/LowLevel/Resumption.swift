/// An awaiting task a ``OneShotCore`` keeps until its value is given: an
/// `UnsafeContinuation`, where a `CheckedContinuation` stood.
///
/// For the README's "8 async end hooks" line: a `CheckedContinuation` is a resilient type of
/// the concurrency library, so every state that held one was copied, tested and laid out
/// through the runtime's generic witnesses and metadata, and each one allocated a checker.
/// With the waiters kept inline (``OneShotCore``), one box for `()`, deadlines that hold no
/// closure (``Deadlines``) and smaller async frames (``EndRunner``), all measured together:
/// 89,286 → 80,337 instructions per operation on that line, 88,891 → 82,190 on "request"
/// (`Scripts/callgrind-per-op.sh`, N = 2000).
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
