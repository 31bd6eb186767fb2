/// The end of a scope and everything below it: one sequence of steps, with two drivers.
///
/// 1. **Close.** Making a child now fails; the scope still serves resolutions, routes and
///    contributions, so that a descendant still ending may read it.
/// 2. **Drain**, when asked: wait for the live children to end on their own, up to the
///    deadline, woken by the last one's end.
/// 3. **End the children**, newest first (the children a ``ChildContainers`` keeps, newest
///    presented first, before the others), each running this whole sequence.
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
struct EndSequence {
    let core: ScopeCore

    init(_ core: ScopeCore) { self.core = core }

    // MARK: The drivers

    /// Ends the scope now: `end()`.
    ///
    /// - Returns: What was ended so far; an empty report when an end had begun already.
    func endNow(at site: EndSite?) -> EndReport {
        var report = EndReport()
        switch begin(at: site, quietInto: &report) {
        case .quiet: return report
        case .closed(let ending): return walkNow(ending)
        case .begun: return report
        }
    }

    /// Ends the scope and awaits each step: `endAndWait`.
    ///
    /// The first caller starts the walk in a task of its own, so that cancelling a caller
    /// does not stop it halfway, and gets its report: the whole end's, or, when a child
    /// ending elsewhere outlived the deadline, what ended by then, with the container in
    /// ``EndReport/stillEnding`` and the child in ``EndReport/overran`` (the rest of the end
    /// runs when that child is done). A caller that finds an end begun awaits its report up
    /// to its own deadline. Called from work of this scope or one below it — a task of its
    /// own, an async hook — it would wait for itself: it returns at once, with the container
    /// listed as still ending.
    func endAwaited(
        until deadline: ContinuousClock.Instant, at site: EndSite?, draining: Bool
    ) async -> EndReport {
        var report = EndReport()
        // Never quiet: the end is recorded, so that every later caller gets its report too.
        switch begin(at: site, quietInto: &report, quietAllowed: false) {
        case .quiet:
            return report
        case .begun(nil):
            await awaitLeaving(until: deadline)
            return report
        case .begun(let ending?):
            guard !core.isRunningOwnWork else { return stillEnding(EndReport()) }
            return await ending.done.value(until: deadline)
                ?? stillEnding(ending.childrenSoFar)
        case .closed(let ending):
            let walked = OneShot<EndReport>()
            let sequence = self
            // Nobody's work: it waits for the caller's, if the caller is work of this tree.
            TrackedWork(for: nil) {
                await TrackedWork.$runningFor.withValue(nil) {
                    let report = await sequence.walkAwaited(
                        ending, until: deadline, draining: draining)
                    walked.give(report)
                }
            }.start()
            guard !core.isRunningOwnWork else { return stillEnding(EndReport()) }
            return await walked.outcome()
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
    private func begin(
        at site: EndSite?, quietInto report: inout EndReport, quietAllowed: Bool = true
    ) -> Beginning {
        let quietAllowed = quietAllowed && core.tracer == nil
        switch core.transition({ $0.beginEnd(quietAllowed: quietAllowed) }) {
        case .quiet(let released):
            reportQuiet(released, at: site, into: &report)
            return .quiet
        case .begun(let ending): return .begun(ending)
        case .prepareEnding: break
        }
        let ending = Ending(at: site)
        switch core.transition({ $0.close(with: ending) }) {
        case .closed: return .closed(ending)
        case .begun(let other): return .begun(other)
        }
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
        switch begin(at: parent.site, quietInto: &report) {
        case .quiet:
            parent.absorb(report)
        case .closed(let ending):
            _ = walkNow(ending)
            parent.waitFor(ending)
        case .begun(let ending?):
            parent.waitFor(ending)
        case .begun(nil):
            if let left = leavingSignal() { parent.waitFor(leaving: left) }
        }
    }

    /// Steps 2 to 7, each awaited up to `deadline`.
    ///
    /// - Returns: The whole end's report; or, when a child ending elsewhere was still ending
    ///   at the deadline, what ended by then, with this container still ending: the rest of
    ///   its steps runs, synchronously, when that child is done.
    private func walkAwaited(
        _ ending: Ending, until deadline: ContinuousClock.Instant, draining: Bool
    ) async -> EndReport {
        if draining { await drain(until: deadline, into: ending) }
        for child in childrenInEndOrder() {
            await EndSequence(child).endAwaitedAsChild(until: deadline, of: ending)
        }
        guard let children = ending.childrenWalked(of: core) else {
            return stillEnding(ending.childrenSoFar)
        }
        return await finishAwaited(ending, children: children, until: deadline)
    }

    /// Ends this child as part of its parent's awaited end, up to `deadline`: a child whose
    /// end runs elsewhere, still ending then, is listed as overran, and the parent's ending
    /// goes on waiting for it.
    private func endAwaitedAsChild(until deadline: ContinuousClock.Instant, of parent: Ending)
        async
    {
        var report = EndReport()
        switch begin(at: parent.site, quietInto: &report) {
        case .quiet:
            parent.absorb(report)
        case .closed(let ending):
            _ = await walkAwaited(ending, until: deadline, draining: false)
            parent.waitFor(ending)
        case .begun(let ending?):
            if await ending.done.value(until: deadline) == nil { overran(into: parent) }
            parent.waitFor(ending)
        case .begun(nil):
            guard let left = leavingSignal() else { return }
            if await left.value(until: deadline) == nil { overran(into: parent) }
            parent.waitFor(leaving: left)
        }
    }

    /// Lists this child in its parent's report as still ending at the deadline.
    private func overran(into parent: Ending) {
        var report = EndReport()
        report.addOverran(
            EndWork(kind: .child, container: core.containerDescription, site: nil), nil)
        parent.absorb(report)
    }

    /// The signal given when this scope, ended quietly elsewhere and still releasing what it
    /// held, leaves its parent; `nil` when it has left.
    private func leavingSignal() -> OneShot<Void>? {
        guard let parent = core.parent else { return nil }
        let left = OneShot<Void>()
        return parent.transition({ $0.awaitLeaving(core, signal: left) }) ? left : nil
    }

    /// Waits, up to `deadline`, for this scope, ended quietly elsewhere, to leave its parent.
    private func awaitLeaving(until deadline: ContinuousClock.Instant) async {
        guard let left = leavingSignal() else { return }
        _ = await left.value(until: deadline)
    }

    /// Step 2: waits until no child is live, or `deadline`; lists in `ending`'s report the
    /// children still live then, which step 3 ends.
    private func drain(until deadline: ContinuousClock.Instant, into ending: Ending) async {
        let drained = OneShot<Void>()
        guard core.transition({ $0.drain(signalling: drained) }) else { return }
        guard await drained.value(until: deadline) == nil else { return }
        var report = EndReport()
        for child in core.liveChildren {
            report.addOverran(
                EndWork(kind: .child, container: child.containerDescription, site: nil), nil)
        }
        ending.absorb(report)
    }

    /// The live children in the order they end: those a ``ChildContainers`` keeps, newest
    /// presented first, then the others, newest made first.
    private func childrenInEndOrder() -> [ScopeCore] {
        let (children, presenters) = core.read { ($0.liveChildren, $0.presenters) }
        guard !presenters.isEmpty else { return children }
        var ordered: [ScopeCore] = []
        for presenter in presenters {
            for child in presenter.presentedNewestFirst
            where children.contains(where: { $0 === child })
                && !ordered.contains(where: { $0 === child })
            {
                ordered.append(child)
            }
        }
        return ordered + children.filter { child in !ordered.contains { $0 === child } }
    }

    // MARK: Steps 4 to 7, the scope's own

    /// Steps 4 to 7, now: tasks cancelled, hooks run, async hooks started and not awaited.
    ///
    /// Also the rest of an end handed off to the children it waited for: the last of them
    /// to finish runs it (``Ending``).
    func finishNow(_ ending: Ending, children: EndReport) -> EndReport {
        var own = EndReport()
        let name = core.containerName
        let tracer = core.tracer
        var (walk, tasks) = stopOwnWork()
        for task in tasks {
            task.scopeDidEnd()
            if !task.work.isFinished { own.addUnfinished(task.work) }
        }
        tasks.removeAll()
        var watched = Watches()
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            start(pending, in: name.description, tracer: tracer, into: &own)
        }
        let remaining = release(&watched)
        return report(
            ending, own: own, children: children, remaining: remaining, name: name,
            tracer: tracer, site: ending.site)
    }

    /// Steps 4 to 7, each awaited up to `deadline`: what overran is cancelled, listed and
    /// left behind.
    private func finishAwaited(
        _ ending: Ending, children: EndReport, until deadline: ContinuousClock.Instant
    ) async -> EndReport {
        var own = EndReport()
        let name = core.containerName
        let container = name.description
        let tracer = core.tracer
        var (walk, tasks) = stopOwnWork()
        for task in tasks { task.scopeDidEnd() }
        for task in tasks where await !task.work.wait(until: deadline) {
            own.addOverran(EndWork(kind: .task, container: container, site: task.site), task.work)
        }
        tasks.removeAll()
        var watched = Watches()
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            let (work, endWork) = started(pending, in: container, tracer: tracer)
            if await !work.run(until: deadline) { own.addOverran(endWork, work) }
        }
        let remaining = release(&watched)
        // A main-actor instance released here, off the main actor, is deinitialised there
        // later, and holds what it holds until then.
        await MainActorHop.settle(remaining, until: deadline)
        return report(
            ending, own: own, children: children, remaining: remaining, name: name,
            tracer: tracer, site: ending.site)
    }

    /// Step 4: stops resolution, cancels the constructions in flight, and sorts what the
    /// scope runs at its end into its tasks, newest first, and the walk of its hooks and
    /// instances.
    private func stopOwnWork() -> (walk: EndWalk, tasks: [ScopedTask]) {
        let work = core.transition { $0.stopServing() }
        work.entries.forEachAsyncBuild { $0.task.cancel() }
        var tasks: [ScopedTask] = []
        var hooks = work.hooks
        if hooks.contains(where: \.isTask) {
            tasks = hooks.reversed().compactMap(\.task)
            hooks.removeAll(where: \.isTask)
        }
        return (EndWalk(hooks: hooks, entries: work.entries), tasks)
    }

    /// Step 6: marks the scope ended and lets go of everything it held, then of the
    /// instances the walk followed.
    ///
    /// The instances are released outside the lock, since an instance's deinit may call back
    /// into Strata.
    ///
    /// - Returns: The instances something else still holds, to look at in the report.
    private func release(_ watched: inout Watches) -> [Remaining] {
        _ = core.transition { $0.release() }
        return watched.letGo()
    }

    /// Step 7: sorts what is still alive of `remaining` into survivors and pending, hands the
    /// scope's own report to the tree's report handler, leaves the parent, traces the end,
    /// and gives the whole end's report to whoever waits.
    private func report(
        _ ending: Ending?, own: EndReport, children: EndReport, remaining: [Remaining],
        name: ContainerName, tracer: (@Sendable (TraceEvent) -> Void)?, site: EndSite?
    ) -> EndReport {
        var own = own
        own.endedNames.append(name)
        own.classify(
            { alive(remaining, in: name, site: site) }, waitingOn: children.unfinished)
        let (handler, ledger) = core.root.reportTargets
        handler?(own)
        ledger?.ended(core)
        core.parent?.removeChild(core)
        // A container never used was never announced; it ends silently too.
        if let tracer, core.isBound.load(ordering: .acquiring) { tracer(.ended(name.description)) }
        var whole = children
        whole.absorb(own)
        ending?.done.give(whole)
        return whole
    }

    /// Steps 6 and 7 of an end that took everything in its first transition, in a tree that
    /// was not traced: the instances let go newest first, with no walk and no copy.
    private func reportQuiet(
        _ released: consuming ScopeState.Released, at site: EndSite?,
        into report: inout EndReport
    ) {
        var watched = Watches()
        var cursor = released.entries.newestCursor
        while let stored = released.entries.takeNext(&cursor) {
            watched.follow(stored.instance, site: stored.site)
        }
        let name = core.containerName(owner: released.owner)
        // Let go of the tables before survivors are looked for.
        _ = consume released
        let remaining = watched.letGo()
        report.endedNames.append(name)
        report.classify { alive(remaining, in: name, site: site) }
        let (handler, ledger) = core.root.reportTargets
        handler?(report)
        ledger?.ended(core)
        core.parent?.removeChild(core)
    }

    /// The report of an end that goes on elsewhere: `report`, with the container listed as
    /// still ending.
    private func stillEnding(_ report: EndReport) -> EndReport {
        var report = report
        report.stillEnding.append(core.containerDescription)
        return report
    }
}
