import Synchronization

/// Cancels its task when the container ends.
///
/// The task keeps it alive until the work finishes; after that the container's weak reference lets
/// it go. Its ``work`` finishes only once the operation has been let go, so that an end
/// that waits for it sees nothing the operation captured.
final class ScopedTask: EndObserver {
    /// Where the task was started.
    let site: SourceSite
    /// The operation, run by the task.
    let work: StartedWork
    private let hasEnded = Atomic<Bool>(false)

    init(
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

    func scopeDidEnd() {
        hasEnded.store(true, ordering: .releasing)
        work.cancel()
    }
}
