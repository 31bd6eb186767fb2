/// The request's side of `withRequest`: the hold of its body, and its end in the body's task.
extension ScopeCore {
    /// Takes hold of this request for a body about to run in the current task: a parent's end
    /// that reaches the request then cancels the task instead of ending the request under it.
    ///
    /// The scope holds `owner`, its container, until its release (``ScopeState/heldOwner``).
    ///
    /// - Returns: The body's task, to let go of once the body has returned; `nil` when the
    ///   parent's end reached the request between its making and the hold.
    @usableFromInline
    func holdForBody(owning owner: any Container) -> BodyTask? {
        let task = BodyTask(holding: owner)
        return transition { $0.hold(by: task) } ? task : nil
    }

    /// Ends a request its parent's end reached before its body could hold it, and returns
    /// what `withRequest` throws: the parent refuses the request as it ends.
    @usableFromInline
    func refusedRequest(under parent: ScopeCore, at site: SourceSite) async -> StrataError {
        _ = await endAndWait(within: .seconds(10), at: site, draining: false)
        return .childOfEnded(
            parent: parent.containerDescription, childTier: RequestTier.name,
            location: "\(fileID):\(line)")
    }

    /// Runs `body`, which holds this request through `task`, then ends the request in the
    /// current task (``endAsRequest(at:isolation:)``).
    ///
    /// The body and the end are the request's own work: an awaited end of the request or one
    /// above it, called from either, would wait for itself, and returns at once. One
    /// task-local push for both.
    @usableFromInline
    func runAsRequest(
        holding task: BodyTask, at site: SourceSite, isolation: isolated (any Actor)?,
        _ body: () async -> Void
    ) async {
        await TrackedWork.$runningFor.withValue(
            self,
            operation: {
                await body()
                // The scope lets go of the body as its end begins (`ScopeState.beginEnd`).
                task.letGo()
                _ = await endAsRequest(at: site, isolation: isolation)
            }, isolation: isolation)
    }

    /// Ends a request in its body's task, once the body has returned.
    ///
    /// Awaited in place when the body was not cancelled
    /// (``EndSequence/endAwaited(until:at:draining:inline:)``), else as `endAndWait` ends it.
    /// Waits for work elsewhere — a child ending on another thread, a handler running — keep
    /// `endAndWait`'s default deadline.
    func endAsRequest(at site: SourceSite, isolation: isolated (any Actor)?) async -> EndReport {
        await EndSequence(self).endAwaited(
            until: ContinuousClock.now.advanced(by: .seconds(10)), at: site, draining: false,
            inline: true, isolation: isolation)
    }
}
