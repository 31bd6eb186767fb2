extension Container {
    /// Ends the container and everything below it, and awaits the work the end starts, up
    /// to a deadline: the teardown a sign-out that must flush needs.
    ///
    /// In order:
    /// 1. The children end, the most recently created first, each awaited the same way.
    /// 2. The container's hooks run in reverse order of creation, each awaited in turn:
    ///    ``onEnd(_:)`` and ``onEnd(fileID:line:_:)`` closures, and the
    ///    ``ScopeBound/scopeDidEnd()`` and ``AsyncScopeBound/scopeDidEnd()`` of its
    ///    instances.
    /// 3. Its ``task(priority:fileID:line:_:)`` tasks are cancelled, and awaited.
    /// 4. It releases its instances and reports which are still alive.
    ///
    /// One deadline bounds the whole teardown. An async hook or a task still running when it
    /// passes is cancelled, no longer awaited, and listed in ``EndReport/overran`` with the
    /// place it was registered or started; the teardown goes on. From the first moment
    /// ``isActive`` is false: resolution fails with ``StrataError/ended(provider:)``, and
    /// making a child traps, as with ``end(fileID:filePath:line:column:)``.
    ///
    /// The teardown runs in a task of its own. Cancelling the caller does not stop it
    /// halfway; every caller — the first, and any that call while it runs — gets its report
    /// once the work is done. A container that ``end(fileID:filePath:line:column:)`` ended, or is ending, gives an empty
    /// report, as a second `end()` does.
    ///
    /// It is not an async overload of `end()`: in async code, an overload with the same
    /// name would be chosen for every existing `end()` call and require `await` — a source
    /// break. `end()` keeps its meaning everywhere; this name says that it waits.
    ///
    /// ```swift
    /// func signOut() async {
    ///     let report = await signedIn.endAndWait(within: .seconds(5))
    ///     for work in report.overran { log("not flushed: \(work)") }
    ///     print("Signed out.")
    /// }
    /// ```
    ///
    /// Its ``EndReport/survivors`` are leaks and nothing else: it looks for them only once
    /// the work it awaited has finished and let go of what it captured, and once the main
    /// actor has run the deinits that the release started there (a main-actor class's deinit
    /// is isolated in a module that is MainActor by default, and runs later when the release
    /// happens elsewhere). Only work that overran the deadline leaves instances in
    /// ``EndReport/pending``. A deinit isolated to an actor of your own is not waited for.
    ///
    /// - Parameters:
    ///   - timeout: How long the teardown may wait for async hooks and tasks, from the call;
    ///     ten seconds unless given.
    ///   - fileID: Where the end is called, for a leak check to point at; filled in by the
    ///     compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    ///   - column: The column; filled in by the compiler.
    /// - Returns: What was ended, what overran the deadline, and which instances are still
    ///   alive after their release.
    @discardableResult
    public func endAndWait(
        within timeout: Duration = .seconds(10), fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> EndReport {
        let site = EndSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return await boundCore.endAndWait(
            until: ContinuousClock.now.advanced(by: timeout), at: site)
    }

    /// Runs the async `hook` when the container ends, after its children and in reverse
    /// order of registration among its other hooks.
    ///
    /// ``endAndWait(within:fileID:filePath:line:column:)`` awaits it, up to its deadline, and lists it in
    /// ``EndReport/overran`` if it is still running then. ``end(fileID:filePath:line:column:)``, and the release of a
    /// container never ended, cannot await: they start it in a task of its own and list it
    /// in ``EndReport/notAwaited``. If the container has ended already, it starts at once
    /// in a task of its own.
    ///
    /// A closure with no `await` in it is a synchronous hook: it goes to ``onEnd(_:)``, and
    /// runs in place on every path.
    ///
    /// ```swift
    /// signedIn.onEnd { await outbox.flush() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the hook is registered, for the end report; filled in by the
    ///     compiler.
    ///   - line: The line it is registered on; filled in by the compiler.
    ///   - hook: The work to do at the end.
    public func onEnd(
        fileID: StaticString = #fileID, line: UInt = #line,
        _ hook: @escaping @Sendable () async -> Void
    ) {
        let hook = AsyncHook(body: hook, site: SourceSite(fileID: fileID, line: line))
        boundCore.addAsyncHook(hook)
    }
}
