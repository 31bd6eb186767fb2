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
    let work: TrackedWork
    private let hasEnded = Atomic<Bool>(false)

    package init(
        site: SourceSite, _ core: ScopeCore, _ operation: @escaping @Sendable () async -> Void
    ) {
        self.site = site
        self.work = TrackedWork(for: core, operation)
    }

    var containerHasEnded: Bool { hasEnded.load(ordering: .acquiring) }

    /// Starts the work in a task of its own, which keeps this handle until it is done.
    ///
    /// Work started in a container that has already ended starts cancelled.
    func start(priority: TaskPriority?) -> Task<Void, Never> {
        let task = work.start(priority: priority) { [self] in containerHasEnded }
        if containerHasEnded { task.cancel() }
        return task
    }

    /// Marks the container ended and cancels the task.
    func scopeDidEnd() {
        hasEnded.store(true, ordering: .releasing)
        work.cancel()
    }
}
