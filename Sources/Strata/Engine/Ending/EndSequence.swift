/// The end of a scope and everything below it: one sequence of steps, with two drivers.
///
/// 1. **Close.** Making a child now fails; the scope still serves resolutions, routes and
///    contributions, so that a descendant still ending may read it.
/// 2. **Drain**, when asked: wait for the live children to end on their own, up to the
///    deadline, woken by the last one's end.
/// 3. **End the children**, newest first (the children a ``ContainerStack`` or
///    ``ContainerTabs`` keeps, in its order, before the others), each running this whole
///    sequence.
/// 4. **Stop the scope's own work**: resolution fails from here on; its tasks are cancelled
///    (and, awaited, waited for) and its async constructions cancelled.
/// 5. **Run the hooks** and tell the instances, newest first.
/// 6. **Release** what the scope held.
/// 7. **Report**: to the tree's report handler, to the parent, to whoever waits.
///
/// ``endNow(at:)``, behind `end()` and the release of a container, runs what it can now: it
/// never blocks on an end that another thread or task runs. A child found ending elsewhere is
/// waited for by leaving the rest of this end's steps with it (``Ending``); `end()` returns,
/// its report listing the container as still ending, and whoever finishes that child runs
/// the rest. ``endAwaited(until:at:draining:)``, behind `endAndWait`, awaits each step.
package struct EndSequence {
    let core: ScopeCore

    init(_ core: ScopeCore) { self.core = core }

    // MARK: The drivers

    /// Ends the scope now: `end()`.
    ///
    /// - Returns: What was ended so far; an empty report when an end had begun already.
    func endNow(at site: SourceSite?) -> EndReport {
        var report = EndReport()
        switch begin(at: site, quietInto: &report) {
        case .quiet: return report
        case .closed(let ending): return walkNow(ending)
        case .begun, .held: return report
        }
    }

    /// Ends the scope and awaits each step: `endAndWait`.
    ///
    /// The first caller walks it in its own task, and gets its report; cancelling that caller does
    /// not stop it halfway, since no wait of the walk ends at a cancellation and its async steps
    /// run in a task of their own (``EndRunner``). The report is the whole end's, or, when a child
    /// ending elsewhere outlived the deadline, what ended by then, with the container in
    /// ``EndReport/stillEnding`` and the child in ``EndReport/overran`` (the rest of the end runs
    /// when that child is done). A caller that finds an end begun awaits its report up to its own
    /// deadline. Called from work of this scope or one below it — a task of its own, an async hook
    /// — it would wait for itself: it returns at once, with the container listed as still ending.
    ///
    /// `inline`, for `withRequest` once its body has returned, awaits the end's tasks and
    /// async steps in the caller's task, with no deadline of their own, unless the caller is
    /// cancelled (``finishAwaited(_:children:until:inline:)``): the caller is its request's
    /// own work, which an awaited end otherwise leaves at once.
    ///
    /// It runs on the caller's `isolation`, so that an end with nothing to await — quiet,
    /// or begun elsewhere and done — makes no hop off the caller's actor and back: the
    /// README's "endAndWait from the main actor" line. The awaited steps after that run off it.
    func endAwaited(
        until deadline: ContinuousClock.Instant, at site: SourceSite?, draining: Bool,
        inline: Bool = false, isolation: isolated (any Actor)? = nil
    ) async -> EndReport {
        // Called from the body that holds this scope (`withRequest`), or from work the body
        // started: the end would run under the body, or wait for it. It begins once the body
        // has returned.
        if !inline, core.isRunningOwnWork, core.read({ $0.holdingBody != nil }) {
            return stillEnding(EndReport())
        }
        var report = EndReport()
        // Quiet when nothing has to run, at the cost of `end()`, rather than walked to keep
        // its record: serves the "endAndWait, nothing async" line of Benchmarks/README.md.
        switch begin(
            at: site, quietInto: &report, quietAllowed: !draining, awaited: true, byItsBody: inline)
        {
        case .quiet:
            if !report.watched.isEmpty { keepQuietReport(report, at: site) }
            return report
        case .begun(nil), .held:
            await awaitLeaving(until: deadline)
            // Ended quietly: by an awaited end, whose report named only the container (one
            // that watched instances kept its report, and is found as an ending); by
            // `end()`, whose report went to its caller alone.
            if core.read(\.endedQuietlyByAwait) { report.endedNames.append(core.containerName) }
            return report
        case .begun(let ending?):
            guard inline || !core.isRunningOwnWork else { return stillEnding(EndReport()) }
            guard let whole = await ending.done.value(until: deadline) else {
                return stillEnding(ending.childrenOverran)
            }
            // An end began elsewhere, `end()` perhaps: await what it started and could not.
            return await whole.awaitingStarted(until: deadline)
        case .closed(let ending):
            guard !inline, core.isRunningOwnWork else {
                // In the caller's task: its waits ignore the caller's cancellation, and its
                // async steps run in a task of their own (``EndRunner``), or, inline, here.
                return await walkAwaited(
                    ending, until: deadline, draining: draining, inline: inline)
            }
            // Work of this tree would wait for itself: the walk goes on in a task of its
            // own, nobody's work, and the caller returns at once.
            let sequence = self
            TrackedWork(for: nil) {
                await TrackedWork.$runningFor.withValue(nil) {
                    _ = await sequence.walkAwaited(ending, until: deadline, draining: draining)
                }
            }.start()
            return stillEnding(EndReport())
        }
    }

    // MARK: Step 1, close

    private enum Beginning {
        /// Nothing had to run: ended in one transition, and reported.
        case quiet
        /// Closed by this caller, who walks the rest.
        case closed(Ending)
        /// An end began elsewhere: its record, if any was kept.
        case begun(Ending?)
        /// A parent's end found the scope held by a body (`withRequest`), whose task it
        /// cancelled: the body ends the scope, and its end is awaited by its leaving.
        case held
    }

    /// Closes the scope, or ends it in one transition when nothing has to run and the tree is
    /// not traced (in a traced tree every scope is walked, since each instance's end is
    /// traced in the walk; the tracer is fetched before the lock, as it may take the root's).
    ///
    /// A walked end takes two transitions, so that its ``Ending`` is made outside the lock
    /// and only when it is needed: the first changes nothing when it asks for one; if another
    /// end begins in between, the second finds it, and the ending made here is dropped.
    ///
    /// A quiet end's report is written to `report` in place: a report is a large value, and
    /// the child lifecycle ("child: create, resolve, end, release") ends quietly.
    ///
    /// A child ended as part of its parent's end (`cascading`) is not ended while a body holds
    /// it: the body's task is cancelled instead, decided in the same transition that would
    /// have begun the end, so a body that takes hold of the child an instant before is seen.
    private func begin(
        at site: SourceSite?, quietInto report: inout EndReport, quietAllowed: Bool = true,
        awaited: Bool = false, cascading: Bool = false, byItsBody: Bool = false
    ) -> Beginning {
        let quietAllowed = quietAllowed && core.tracer == nil
        switch core.transition({
            $0.beginEnd(
                quietAllowed: quietAllowed, awaited: awaited, cascading: cascading,
                byItsBody: byItsBody)
        }) {
        case .quiet(let released):
            reportQuiet(released, at: site, into: &report)
            return .quiet
        case .begun(let ending): return .begun(ending)
        case .held(let body):
            body.cancel()
            return .held
        case .prepareEnding: break
        }
        let ending = Ending(at: site)
        switch core.transition({ $0.close(with: ending, cascading: cascading) }) {
        case .closed: return .closed(ending)
        case .begun(let other): return .begun(other)
        case .held(let body):
            body.cancel()
            return .held
        }
    }

    /// Keeps the report of a quiet awaited end that watched instances, for later callers.
    ///
    /// Kept after the end has left its parent: a caller that finds the end in that moment
    /// gets a report naming the container, without the watched instances, which the first
    /// caller's report has.
    private func keepQuietReport(_ report: EndReport, at site: SourceSite?) {
        let ending = Ending(at: site)
        ending.done.give(report)
        core.transition { $0.keepQuietReport(ending) }
    }

    // MARK: Steps 2 and 3, the children

    /// Steps 3 to 7 now, or step 3 now and the rest left with the children still ending.
    private func walkNow(_ ending: Ending) -> EndReport {
        for child in childrenInEndOrder() {
            EndSequence(child).endNowAsChild(of: ending)
        }
        guard let children = ending.childrenWalked(of: core) else {
            return stillEnding(ending.childrenSoFar)
        }
        return finishNow(ending, children: children)
    }

    /// Ends this child as part of its parent's end, whose ending waits for it wherever it
    /// runs: here, or already elsewhere.
    private func endNowAsChild(of parent: Ending) {
        var report = EndReport()
        switch begin(at: parent.site, quietInto: &report, cascading: true) {
        case .quiet:
            parent.absorb(report)
        case .closed(let ending):
            _ = walkNow(ending)
            parent.waitFor(ending, of: core.containerDescription)
        case .begun(let ending?):
            parent.waitFor(ending, of: core.containerDescription)
        case .begun(nil), .held:
            if let left = leavingSignal() {
                parent.waitFor(leaving: left, of: core.containerDescription)
            }
        }
    }

    /// Steps 2 to 7, each awaited up to `deadline`.
    ///
    /// - Returns: The whole end's report; or, when a child ending elsewhere was still ending
    ///   at the deadline, what ended by then, with this container still ending: the rest of
    ///   its steps runs, synchronously, when that child is done.
    private func walkAwaited(
        _ ending: Ending, until deadline: ContinuousClock.Instant, draining: Bool,
        inline: Bool = false
    ) async -> EndReport {
        let overranDrain = draining ? await drain(until: deadline, into: ending) : false
        for child in childrenInEndOrder() {
            await EndSequence(child).endAwaitedAsChild(
                until: deadline, of: ending, listed: overranDrain, inline: inline)
        }
        guard let children = ending.childrenWalked(of: core) else {
            return stillEnding(ending.childrenSoFar)
        }
        return await finishAwaited(ending, children: children, until: deadline, inline: inline)
    }

    /// Ends this child as part of its parent's awaited end, up to `deadline`: a child whose
    /// end runs elsewhere, still ending then, is listed as overran, and the parent's ending
    /// goes on waiting for it.
    ///
    /// - Parameters:
    ///   - deadline: When to stop waiting for the child.
    ///   - parent: The parent's ending, which waits for the child.
    ///   - listed: Whether the drain listed this child as overran already, when its
    ///     deadline passed with the child still live.
    ///   - inline: Whether the parent's end is inline: the child's is too.
    private func endAwaitedAsChild(
        until deadline: ContinuousClock.Instant, of parent: Ending, listed: Bool, inline: Bool
    ) async {
        var report = EndReport()
        switch begin(at: parent.site, quietInto: &report, cascading: true) {
        case .quiet:
            parent.absorb(report)
        case .closed(let ending):
            _ = await walkAwaited(ending, until: deadline, draining: false, inline: inline)
            // Handed off: one of its own children was still ending elsewhere at the deadline.
            if ending.done.given == nil, !listed { overran(into: parent) }
            parent.waitFor(ending, of: core.containerDescription)
        case .begun(let ending?):
            if let whole = await ending.done.value(until: deadline) {
                // Its end began elsewhere, `end()` perhaps: await what that end started and
                // could not, as the child's own `endAndWait` does.
                parent.absorb(await whole.awaitingStarted(until: deadline))
                return
            }
            if !listed { overran(into: parent) }
            parent.waitFor(ending, of: core.containerDescription)
        case .begun(nil), .held:
            guard let left = leavingSignal() else { return }
            if await left.value(until: deadline) == nil, !listed { overran(into: parent) }
            parent.waitFor(leaving: left, of: core.containerDescription)
        }
    }
}
