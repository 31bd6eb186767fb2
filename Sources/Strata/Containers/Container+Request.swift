extension Container where ContainerTier: RequestParentTier {
    /// Makes a request container, runs `body` with it, and ends it when `body` returns,
    /// throws or is cancelled: one dependency scope per request, as a server needs.
    ///
    /// ```swift
    /// let response = try await app.withRequest(RequestContainer.init) { request in
    ///     try await request.orders().place(order)
    /// }
    /// ```
    ///
    /// - The request is made by `make`, whose ``RequestScope`` throws
    ///   ``StrataError/childOfEnded(parent:childTier:location:)`` once this container's end
    ///   has begun: a request that arrives during a shutdown is refused, never trapped on.
    /// - While `body` runs, the request is the body's. An end of this container, or of one
    ///   above it, does not end the request under the body: it cancels the body's task, and
    ///   waits for the body to return and the request to end. So request code, and factories
    ///   that read the parent (`self.logger()`), never meet an ended container, even
    ///   at a draining shutdown's deadline. The cancellation reaches the request's async
    ///   factories, which run in the body's task.
    /// - `body` is the request's own work, as a hook or a
    ///   ``task(priority:fileID:filePath:line:_:)`` is: an `endAndWait` of the request or of a
    ///   container above it, called from `body` — a shutdown endpoint — returns at once with the
    ///   container in ``EndReport/stillEnding``, and the end goes on once `body` has returned.
    /// - When `body` returns or throws, the request ends in the body's task, as a `defer`
    ///   runs in its own: its tasks, async end hooks and ``AsyncScopeBound`` instances are
    ///   awaited there, in the end's order, with no deadline of their own. A request's end is
    ///   part of the request; a draining `endAndWait` of the app bounds it from above.
    /// - When the body's task is cancelled, the request ends as
    ///   ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` ends it: its async end work runs
    ///   in a task of its own, which never sees the cancellation, so a leased connection still
    ///   goes back to its pool. A cancellation that arrives while an end hook runs in the
    ///   body's task reaches that hook, and only that one: the steps after it run in a task of
    ///   their own. So a hook gives back what it holds without a wait that a cancellation
    ///   stops, as cleanup in a `defer` does.
    /// - When the request was the last child an ancestor's end waited for, the rest of the
    ///   ancestor's end runs in a task of its own, never in the body's.
    ///
    /// - Parameters:
    ///   - make: Makes the request container under this one; usually its initialiser.
    ///   - fileID: Where the request is made and ended, for a leak check to point at; filled
    ///     in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    ///   - isolation: The caller's actor, which `body` runs on; filled in by the compiler.
    ///   - body: The request's work.
    /// - Returns: What `body` returned.
    /// - Throws: What `make` or `body` threw.
    @inlinable
    public func withRequest<Request: Container, Value>(
        _ make: (Self) throws -> Request,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Request) async throws -> Value
    ) async throws -> Value where Request.ContainerTier == RequestTier {
        // Inlinable, as `endAndWait` is, so that the caller's specialization knows `Request`
        // and `Value`: from Strata's generic code every call looked their metadata up at run
        // time. The rest is `ScopeCore`'s, which is not generic. For the README's "request"
        // lines.
        let request = try make(self)
        let core = request.boundCore
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line)
        guard let task = core.holdForBody(owning: request) else {
            throw await core.refusedRequest(under: boundCore, at: site)
        }
        var outcome: Result<Value, any Error>?
        await core.runAsRequest(holding: task, at: site, isolation: isolation) {
            do {
                outcome = .success(try await body(request))
            } catch {
                outcome = .failure(error)
            }
        }
        // `runAsRequest` runs its body once, before it returns.
        return try outcome!.get()
    }
}
