extension Container {
    /// Starts work that is cancelled when the container ends.
    ///
    /// ``end(fileID:filePath:line:)`` cancels the work and does not wait for it;
    /// ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` cancels it and waits for
    /// it up to its deadline, and work still running then is listed in ``EndReport/overran``
    /// with the place it was started. Where this comes in the end's steps is written once, in
    /// <doc:LifetimesAndLifecycle>. Anything the work resolves after the end fails with
    /// ``StrataError/ended(provider:)`` from `try resolve()`, so it cannot reach the ended
    /// container's instances. If the container has ended already, the work starts cancelled.
    ///
    /// The work captures what it uses, not the container: a closure that captured the
    /// container would keep it alive for as long as the work runs, so a container let go
    /// without `end()` would never be released. Work that returns to its container again and
    /// again — a refresh every thirty seconds — is
    /// ``task(every:priority:fileID:filePath:line:_:)``, which holds the container only while
    /// its body runs.
    ///
    /// ```swift
    /// let store = formContainer.store()
    /// formContainer.task {
    ///     for await draft in drafts { store.save(draft) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - fileID: Where the task is started, for the end report; filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line it is started on; filled in by the compiler.
    ///   - operation: The work.
    /// - Returns: The task, to await or cancel earlier.
    @discardableResult
    public func task(
        priority: TaskPriority? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line,
        _ operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        let core = boundCore
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line)
        let handle = ScopedTask(site: site, core, operation)
        core.addTask(handle)
        return handle.start(priority: priority)
    }

    /// Runs `body` with the container, then again every `period`, until the container ends or
    /// is released.
    ///
    /// The container is held only while `body` runs: between runs the task holds it weakly,
    /// so a container let go without `end()` is released, its release ends it, and the task
    /// stops there, within one period. Its end cancels the task as it cancels
    /// ``task(priority:fileID:filePath:line:_:)``'s, a sleep between runs included.
    ///
    /// `body` has the isolation of the code that starts the task, as a `Task`'s work does,
    /// unless it says otherwise. Each run takes the container, and checks that it has not
    /// ended, on that isolation right before `body`: a run of a main-actor body that waits
    /// for the main actor holds nothing, and an end on the main actor meanwhile means the
    /// body never runs on an ended container.
    ///
    /// ```swift
    /// session.task(every: .seconds(30)) { session in await session.feed().refresh() }
    /// ```
    ///
    /// - Parameters:
    ///   - period: The time from the end of one run to the start of the next.
    ///   - priority: The task's priority.
    ///   - fileID: Where the task is started, for the end report; filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line it is started on; filled in by the compiler.
    ///   - body: One run of the work, given the container.
    /// - Returns: The task, to await or cancel earlier.
    @discardableResult
    public func task(
        every period: Duration, priority: TaskPriority? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Self) async -> Void
    ) -> Task<Void, Never> {
        let container = WeakReference(self)
        return task(priority: priority, fileID: fileID, filePath: filePath, line: line) {
            while !Task.isCancelled {
                guard await Self.run(body, with: container, on: body.isolation) else { return }
                try? await Task.sleep(for: period)
            }
        }
    }

    /// Runs `body` once on `isolation`, the body's own, with the container if it is still
    /// there and has not ended, both asked there: nothing on that isolation runs between the
    /// question and the body.
    ///
    /// - Returns: Whether the body ran.
    private static func run(
        _ body: @isolated(any) @Sendable (Self) async -> Void, with container: WeakReference,
        on isolation: isolated (any Actor)?
    ) async -> Bool {
        // Held for the run alone: the local goes when this returns.
        guard let container = container.object(as: Self.self), container.isActive else {
            return false
        }
        await body(container)
        return true
    }
}
