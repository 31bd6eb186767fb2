extension Container {
    /// Starts work that is cancelled when the container ends.
    ///
    /// ``end()`` does not wait for the work; it cancels it. ``endAndWait(within:)`` cancels
    /// it after the container's hooks have run, and waits for it up to its deadline; work
    /// still running then is listed in ``EndReport/overran`` with the place it was started.
    /// Anything the work resolves after the end fails with ``StrataError/ended(provider:)``
    /// from `try resolve()`, so it cannot reach the ended container's instances. If the
    /// container has ended already, the work starts cancelled.
    ///
    /// ```swift
    /// formContainer.task {
    ///     for await draft in drafts { try? formContainer.store.resolve().save(draft) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - fileID: Where the task is started, for the end report; filled in by the compiler.
    ///   - line: The line it is started on; filled in by the compiler.
    ///   - operation: The work.
    /// - Returns: The task, to await or cancel earlier.
    @discardableResult
    public func task(
        priority: TaskPriority? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        let handle = ScopedTask(site: SourceSite(fileID: fileID, line: line))
        boundCore.addObserver(handle)
        let task = Task(priority: priority) {
            // Work started in a container that has already ended starts cancelled.
            if handle.containerHasEnded { withUnsafeCurrentTask { $0?.cancel() } }
            await operation()
            withExtendedLifetime(handle) {}
        }
        handle.attach(task)
        return task
    }
}

/// Cancels its task when the container ends.
///
/// The task keeps it alive until the work finishes; after that the container's weak reference lets
/// it go.
final class ScopedTask: EndObserver {
    private struct State {
        var task: Task<Void, Never>?
        var containerHasEnded = false
    }

    /// Where the task was started.
    let site: SourceSite
    private let state = Lock(State())

    init(site: SourceSite) { self.site = site }

    var containerHasEnded: Bool { state.withLock(\.containerHasEnded) }

    /// The task, once attached.
    var running: Task<Void, Never>? { state.withLock(\.task) }

    func attach(_ task: Task<Void, Never>) {
        let hasEnded = state.withLock { state in
            state.task = task
            return state.containerHasEnded
        }
        if hasEnded { task.cancel() }
    }

    func scopeDidEnd() {
        let task = state.withLock { state in
            state.containerHasEnded = true
            return state.task
        }
        task?.cancel()
    }
}
