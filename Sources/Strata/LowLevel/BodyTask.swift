/// The task running the body of a `withRequest`: what the request's parent cancels when its
/// end reaches the request while the body runs.
///
/// Invariants its callers keep:
/// - It is made inside `withUnsafeCurrentTask` in the task it names, and kept only while that
///   task runs the body: `withRequest` calls ``letGo()`` before it returns, so the task
///   outlives every use. (The reference is strong besides: copying an `UnsafeCurrentTask`
///   retains its task, so a late ``cancel()`` could not reach a freed one.)
/// - ``cancel()`` is the only thing done to the task from another thread; the runtime's
///   cancellation is safe from any thread, as `Task.cancel()` is.
/// - The task is read and cleared only under the lock, so a cancel and a ``letGo()`` never
///   overlap: a cancel after ``letGo()`` does nothing.
@usableFromInline
package final class BodyTask: Sendable {
    // @unchecked through `Lock`: the task is only touched under it (see the invariants).
    private let task: Lock<UnsafeCurrentTask?>

    /// Names the current task; call it in the task that runs the body.
    init() {
        task = Lock(withUnsafeCurrentTask { $0 })
    }

    /// Cancels the body's task, if the body still runs.
    func cancel() {
        task.withLock { $0?.cancel() }
    }

    /// Forgets the task, once the body has returned.
    func letGo() {
        task.withLock { $0 = nil }
    }
}
