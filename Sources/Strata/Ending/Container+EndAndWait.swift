extension Container {
    /// Ends the container and everything below it, and awaits the work the end starts, up
    /// to a deadline: the teardown a sign-out that must flush, or a server's shutdown, needs.
    ///
    /// The end goes through the steps of every end (see <doc:LifetimesAndLifecycle>), each
    /// awaited:
    /// 1. The container closes: making a child under it now fails. It still resolves for
    ///    its descendants while they end, and ``isActive`` is false.
    /// 2. When `draining` is true, it waits for its live children to end on their own, up to
    ///    the deadline: the requests in flight finish, the upload completes. It returns at
    ///    once when no child is live, and is woken by the last child's end.
    /// 3. Its children end, the most recently created first, each awaited the same way. A
    ///    child still live at a drain's deadline is ended here, and listed in
    ///    ``EndReport/overran``.
    /// 4. Its ``task(priority:fileID:filePath:line:_:)`` tasks are cancelled, and awaited;
    ///    resolution fails from here on with ``StrataError/ended(provider:)``.
    /// 5. Its hooks run in reverse order of creation, each awaited in turn:
    ///    ``onEnd(_:)`` and ``onEnd(fileID:filePath:line:_:)`` closures, and the
    ///    ``ScopeBound/scopeDidEnd()`` and ``AsyncScopeBound/scopeDidEnd()`` of its
    ///    instances.
    /// 6. It releases its instances, and 7. reports which are still alive: watched, not
    ///    judged.
    ///
    /// One deadline bounds the whole end. An async hook or a task still running when it
    /// passes is cancelled, no longer awaited, and listed in ``EndReport/overran`` with the
    /// place it was registered or started; the end goes on.
    ///
    /// Its synchronous steps run in the caller's task, and its async work in a task of its
    /// own, which the caller can leave at the deadline. Cancelling the caller does not stop
    /// the end halfway; every caller — the first, and any that call while it runs or after
    /// it is done — gets the whole end's report once it is done, up to its own deadline,
    /// whoever began it: this, or ``end(fileID:filePath:line:)`` on another thread. A child
    /// whose end runs elsewhere and is still running at the deadline is listed in
    /// ``EndReport/overran``; the call then returns with the container in
    /// ``EndReport/stillEnding``, and the rest of the end runs, as `end()` runs it, when that
    /// child is done.
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
    ///
    /// // A server's shutdown: stop taking requests, let those in flight finish, then close.
    /// await app.endAndWait(within: .seconds(30), draining: true)
    /// ```
    ///
    /// Its report lists in ``EndReport/watched`` what is still alive once the work it awaited
    /// has finished and let go of what it captured: watched, not judged, as after `end()`. It
    /// does not wait for the judgement, nor hop to the main actor. ``EndReport/leaks()``
    /// awaits the judgement, which comes a grace period (two seconds) after the
    /// end's work has finished — work that overran the deadline included — and, when
    /// something is still alive, after a turn of the main actor, so that a main-actor class's
    /// deinit that a release elsewhere left there has run (in a module that is MainActor by
    /// default, such a deinit is isolated). A deinit isolated to an actor of your own has the
    /// grace period, and no more.
    ///
    /// Called from work of this container's end or of one below it — one of its tasks, an
    /// async hook — it would wait for itself: it returns at once, with the container listed
    /// in ``EndReport/stillEnding``, and the end goes on.
    ///
    /// - Parameters:
    ///   - timeout: How long the end may wait for children to drain, async hooks and tasks,
    ///     from the call; ten seconds unless given.
    ///   - draining: Whether to wait for the live children to end on their own before
    ///     ending them; `false` unless given.
    ///   - fileID: Where the end is called, for a leak check to point at; filled in by the
    ///     compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    ///   - isolation: The caller's actor, where an end with nothing to await runs, with no
    ///     hop off it and back; filled in by the compiler.
    /// - Returns: What was ended, what overran the deadline, and which instances were still
    ///   alive after their release: watched, not judged.
    @inlinable @discardableResult
    public func endAndWait(
        within timeout: Duration = .seconds(10), draining: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, isolation: isolated (any Actor)? = #isolation
    ) async -> EndReport {
        // Inlinable, as `end()` is, so that the caller's specialization reads `scope`: from
        // Strata's generic code every call looked `Scope<Tier, Parent>`'s metadata up at run
        // time. Serves the "8 async end hooks" line of Benchmarks/README.md.
        await boundCore.endAndWait(
            within: timeout, at: SourceSite(fileID: fileID, filePath: filePath, line: line),
            draining: draining, isolation: isolation)
    }

    /// Runs the async `hook` when the container ends, after its children and in reverse
    /// order of registration among its other hooks.
    ///
    /// ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` awaits it, up to its deadline, and
    /// lists it in ``EndReport/overran`` if it is still running then.
    /// ``end(fileID:filePath:line:)``, and the release of a container never ended, cannot await:
    /// they start it in a task of its own and list it in ``EndReport/overran``. If the container
    /// has ended already, it starts at once in a task of its own.
    ///
    /// It receives what a synchronous hook receives (``onEnd(_:)``): the
    /// container, held until the hook returns, when an end ran while someone held it; `nil`
    /// when the container's release started the end.
    ///
    /// A closure with no `await` in it is a synchronous hook: it goes to
    /// ``onEnd(_:)``, and runs in place on every path.
    ///
    /// ```swift
    /// signedIn.onEnd { _ in await outbox.flush() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the hook is registered, for the end report; filled in by the
    ///     compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line it is registered on; filled in by the compiler.
    ///   - hook: The work to do at the end; it receives the container, or `nil` when the
    ///     container is being released.
    @inlinable
    public func onEnd(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        _ hook: @escaping @Sendable (Self?) async -> Void
    ) {
        // Inlinable for the reason `endAndWait` is.
        boundCore.addAsyncHook(
            { await hook($0 as? Self) },
            at: SourceSite(fileID: fileID, filePath: filePath, line: line), of: self)
    }
}
