import Synchronization

extension Container {
    /// Starts work that is cancelled when the container ends.
    ///
    /// `end()` does not wait for the work; it cancels it. Anything the work resolves after
    /// that fails with ``StrataError/ended(provider:)`` from `try resolve()`, so it cannot
    /// reach the ended container's instances. If the container has ended already, the work
    /// starts cancelled.
    ///
    /// ```swift
    /// formContainer.task {
    ///     for await draft in drafts { try? formContainer.store.resolve().save(draft) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - operation: The work.
    /// - Returns: The task, to await or cancel earlier.
    @discardableResult
    public func task(
        priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        let handle = ScopedTask()
        let task = Task(priority: priority) {
            await operation()
            withExtendedLifetime(handle) {}
        }
        handle.task = task
        scope.core.bind(Self.self)
        scope.core.addObserver(handle)
        return task
    }
}

/// Cancels its task when the container ends. The task keeps it alive until the work
/// finishes; after that the container's weak reference lets it go.
private final class ScopedTask: EndObserver {
    private let handle = Mutex<Task<Void, Never>?>(nil)

    var task: Task<Void, Never>? {
        get { handle.withLock { $0 } }
        set { handle.withLock { $0 = newValue } }
    }

    func containerDidEnd() { task?.cancel() }
}
