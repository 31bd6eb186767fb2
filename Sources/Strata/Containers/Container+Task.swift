extension Container {
    /// Starts work that is cancelled when the container ends.
    ///
    /// ``end(fileID:filePath:line:)`` does not wait for the work; it cancels it.
    /// ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` cancels it after the container's hooks
    /// have run, and waits for it up to its deadline; work still running then is listed in
    /// ``EndReport/overran`` with the place it was started. Anything the work resolves after the
    /// end fails with ``StrataError/ended(provider:)`` from `try resolve()`, so it cannot reach the
    /// ended container's instances. If the container has ended already, the work starts cancelled.
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
}
