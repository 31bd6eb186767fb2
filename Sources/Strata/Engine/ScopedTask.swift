import Synchronization

/// Cancels its task when the container ends.
///
/// The task keeps it alive until the work finishes; after that the container's weak reference lets
/// it go. Its ``work`` finishes only once the operation has been let go, so that an end
/// that waits for it sees nothing the operation captured.
package final class ScopedTask: Sendable {
    /// Where the task was started.
    let site: SourceSite
    /// The operation, run by the task.
    let work: StartedWork
    private let hasEnded = Atomic<Bool>(false)

    package init(
        site: SourceSite, _ core: ScopeCore, _ operation: @escaping @Sendable () async -> Void
    ) {
        self.site = site
        self.work = StartedWork(for: core, operation)
    }

    var containerHasEnded: Bool { hasEnded.load(ordering: .acquiring) }

    func attach(_ task: Task<Void, Never>) {
        work.attach(task)
        if containerHasEnded { task.cancel() }
    }

    /// Marks the container ended and cancels the task.
    func scopeDidEnd() {
        hasEnded.store(true, ordering: .releasing)
        work.cancel()
    }
}

/// A weak reference to a ``ScopedTask``: how the container holds its tasks, so that a task
/// that finished is let go before the end.
package final class WeakScopedTask: Sendable {
    weak let object: ScopedTask?

    package init(_ object: ScopedTask) { self.object = object }
}
