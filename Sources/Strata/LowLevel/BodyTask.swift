/// The task running the body of a `withRequest`: what the request's parent cancels when its
/// end reaches the request while the body runs.
///
/// Invariants its callers keep:
/// - It is made inside `withUnsafeCurrentTask` in the task it names, and names it only while
///   that task runs the body: `withRequest` calls ``letGo()`` before it returns, so the task
///   outlives every use. (The object lives on, holding the container, until the scope's
///   release.) (The reference is strong besides: copying an `UnsafeCurrentTask`
///   retains its task, so a late ``cancel()`` could not reach a freed one.)
/// - ``cancel()`` is the only thing done to the task from another thread; the runtime's
///   cancellation is safe from any thread, as `Task.cancel()` is.
/// - The task is read and cleared only under the lock, so a cancel and a ``letGo()`` never
///   overlap: a cancel after ``letGo()`` does nothing.
@usableFromInline
package final class BodyTask: Sendable {
    // @unchecked through `Lock`: the task is only touched under it (see the invariants).
    private let task: Lock<UnsafeCurrentTask?>
    /// The request's container, held for its scope until the scope's release
    /// (``ScopeState/body``), after the body has returned too.
    let owner: any Container

    /// Names the current task, whose body holds `owner`; call it in the task that runs the
    /// body.
    init(holding owner: any Container) {
        task = Lock(withUnsafeCurrentTask { $0 })
        self.owner = owner
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
