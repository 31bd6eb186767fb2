/// Steps 4 to 7 of an end, the scope's own, and what each does to one hook or one instance:
/// shared by both drivers, and by the end of instances taken out of a live container.
extension EndSequence {
    // MARK: Steps 4 to 7, the scope's own

    /// Steps 4 to 7, now: tasks cancelled, hooks run, async hooks started and not awaited.
    ///
    /// Also the rest of an end handed off to the children it waited for: the last of them
    /// to finish runs it (``Ending``).
    ///
    /// A tracking or observing handler running on another thread is not waited for: the rest
    /// is handed to its return, and the container reported as still ending.
    func finishNow(_ ending: Ending, children: EndReport) -> EndReport {
        let work = stopOwnWork()
        if let running = work.running, handOff(work, of: ending, children, after: running) {
            return stillEnding(children)
        }
        return finishNow(work, ending, children: children)
    }

    /// Steps 4 to 7 from the work step 4 took, now.
    private func finishNow(
        _ work: consuming OwnSteps, _ ending: Ending, children: EndReport
    ) -> EndReport {
        var own = EndReport()
        let name = core.containerName
        let tracer = core.tracer
        var (walk, tasks) = (work.walk, work.tasks)
        // Let go of the copy: the walk lets go of what the scope held as it ends.
        _ = consume work
        for task in tasks {
            task.scopeDidEnd()
            if !task.work.isFinished { own.addUnfinished(task.work) }
        }
        tasks.removeAll()
        var watched = Watches()
        // Described once, and only when a step leaves work to list.
        var container: ContainerDescription?
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            if container == nil { container = name.description }
            start(pending, in: container ?? name.description, tracer: tracer, into: &own)
        }
        let (remaining, side) = release(&watched)
        return report(
            ending, own: own, children: children, remaining: remaining, side: side, name: name,
            tracer: tracer)
    }

    /// Steps 4 to 7, each awaited up to `deadline`: what overran is cancelled, listed and
    /// left behind.
    ///
    /// With nothing async to await, it starts no task and costs about what
    /// ``finishNow(_:children:)`` costs.
    func finishAwaited(
        _ ending: Ending, children: EndReport, until deadline: ContinuousClock.Instant
    ) async -> EndReport {
        let work = stopOwnWork()
        // A handler running on another thread is awaited, not blocked on, up to the deadline;
        // past it, the rest is handed to its return, as `end()` does.
        if let running = work.running, await running.value(until: deadline) == nil,
            handOff(work, of: ending, children, after: running)
        {
            return stillEnding(children)
        }
        var own = EndReport()
        let name = core.containerName
        let tracer = core.tracer
        var (walk, tasks) = (work.walk, work.tasks)
        _ = consume work
        for task in tasks { task.scopeDidEnd() }
        for task in tasks where await !task.work.wait(until: deadline) {
            own.addOverran(
                EndWork(kind: .task, container: name.description, site: task.site), task.work)
        }
        tasks.removeAll()
        var watched = Watches()
        await awaitSteps(
            consume walk, watching: &watched, of: name, tracer: tracer, until: deadline, into: &own)
        let (remaining, side) = release(&watched)
        return report(
            ending, own: own, children: children, remaining: remaining, side: side, name: name,
            tracer: tracer)
    }

    /// What step 4 leaves to the rest of the end.
    private struct OwnSteps {
        var walk: EndWalk
        var tasks: [ScopedTask]
        /// Given when the handlers running on other threads at step 4 have returned.
        var running: OneShot<Void>?
    }

    /// Step 4: stops resolution, makes the waiters of constructions in flight throw, stops the
    /// handlers of its subscriptions without waiting for them, and sorts what the scope runs
    /// at its end into its tasks, newest first, and the walk of its hooks and instances.
    private func stopOwnWork() -> OwnSteps {
        let work = core.transition { $0.stopServing() }
        // Their builders run on in their callers' tasks, and end what they make themselves.
        work.entries.forEachAsyncBuild { $0.settle(.ended) }
        var tasks: [ScopedTask] = []
        var hooks = work.hooks
        let running = hooks.isEmpty ? nil : Subscription.stopHandlers(of: hooks)
        if hooks.contains(where: \.isTask) {
            tasks = hooks.reversed().compactMap(\.task)
            hooks.removeAll(where: \.isTask)
        }
        return OwnSteps(
            walk: EndWalk(hooks: hooks, entries: work.entries), tasks: tasks, running: running)
    }

    /// Leaves steps 4 to 7 to the thread that gives `running`: the return of the last handler
    /// that ran on another thread, which the end must not block on, as it does not block on
    /// a child ending elsewhere (``Ending``).
    ///
    /// - Returns: `false` when `running` was given already: the caller goes on.
    private func handOff(
        _ work: OwnSteps, of ending: Ending, _ children: EndReport, after running: OneShot<Void>
    ) -> Bool {
        let rest = HandedOff(work)
        let sequence = self
        return running.whenGiven { _ in
            guard let work = rest.take() else { return }
            _ = sequence.finishNow(work, ending, children: children)
        }
    }

    /// The rest of an end, handed to the thread that finishes it.
    // @unchecked: written once, before the one-shot keeps the callback that reads it; the
    // one-shot's lock orders the write before the read, on whichever thread gives it.
    private final class HandedOff: @unchecked Sendable {
        private var work: OwnSteps?

        init(_ work: OwnSteps) { self.work = work }

        /// The rest, let go of here: the walk lets go of what the scope held as it ends.
        func take() -> OwnSteps? {
            defer { work = nil }
            return work
        }
    }

    /// Step 6: marks the scope ended and lets go of everything it held, then of the
    /// instances the walk followed.
    ///
    /// The instances are released outside the lock, since an instance's deinit may call back
    /// into Strata.
    ///
    /// - Returns: The instances something else still holds, to watch; and the side state the
    ///   scope held, with its test and its children's judgements.
    private func release(_ watched: inout Watches) -> ([Remaining], SideState?) {
        let side = core.transition { $0.release() }.side
        return (watched.letGo(), side)
    }

    /// Step 7: watches what is still alive of `remaining`, leaves the parent, traces the end,
    /// and gives the whole end's report to whoever waits.
    private func report(
        _ ending: Ending, own: EndReport, children: EndReport, remaining: [Remaining],
        side: SideState?, name: ContainerName, tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> EndReport {
        var whole = children
        var own = own
        own.endedNames.append(name)
        whole.absorb(own)
        leave(
            watching: alive(remaining, in: name, site: ending.site), side: side, into: &whole)
        // A container never used was never announced; it ends silently too.
        if let tracer, core.isBound.load(ordering: .acquiring) { tracer(.ended(name.description)) }
        ending.done.give(whole)
        return whole
    }

    /// The last of step 7 for every end: watches the instances still alive, tells the test
    /// the scope is charged to, and leaves the parent's list of children.
    ///
    /// The instances are judged once the end's whole subtree is released: a child's, within
    /// its parent's end, are handed to the parent, whose own release comes next; the
    /// judgements of the scope whose end this is go to the root's watcher, to wait for the
    /// work of the whole end (`report`'s) and the grace period.
    ///
    /// - Parameters:
    ///   - watched: The scope's instances still alive.
    ///   - side: The side state the scope held until its release.
    ///   - report: The whole end's report so far, with the work it waits for; the scope's
    ///     judgement is added to it.
    private func leave(
        watching watched: [Survivor], side: SideState?, into report: inout EndReport
    ) {
        let ledger = side?.testLedger
        var judgements = side?.heldJudgements ?? []
        if let judgement = judgement(of: watched, chargedTo: ledger, into: &report) {
            judgements.append(judgement)
        }
        ledger?.ended(core)
        let parent = core.parent
        if !judgements.isEmpty, parent?.transition({ $0.holdJudgements(judgements) }) != true {
            core.root.leakWatcher.watch(judgements, after: report.unfinished)
        }
        parent?.removeChild(core)
    }

    /// The judgement of `watched`, this scope's instances still alive at its release:
    /// listed in `report`, and kept by the test it is charged to; `nil` when none is alive.
    private func judgement(
        of watched: [Survivor], chargedTo ledger: TestLedger?,
        into report: inout EndReport
    ) -> Judgement? {
        guard !watched.isEmpty else { return nil }
        let judgement = Judgement(watched, ledger: core.testChargedWithLeaks(ledger))
        judgement.ledger?.watching(judgement)
        report.watch(judgement)
        return judgement
    }

    /// Steps 6 and 7 of an end that took everything in its first transition, in a tree that
    /// was not traced: the instances let go newest first, with no walk and no copy.
    func reportQuiet(
        _ released: consuming ScopeState.Released, at site: SourceSite?,
        into report: inout EndReport
    ) {
        var watched = Watches()
        var cursor = released.entries.newestCursor
        while let stored = released.entries.takeNext(&cursor) {
            watched.follow(stored.instance, site: stored.site)
        }
        let name = core.containerName(owner: released.owner)
        let side = released.side
        // Let go of the tables before what is still alive is looked for.
        _ = consume released
        let remaining = watched.letGo()
        report.endedNames.append(name)
        leave(watching: alive(remaining, in: name, site: site), side: side, into: &report)
    }

    /// The report of an end that goes on elsewhere: `report`, with the container listed as
    /// still ending.
    func stillEnding(_ report: EndReport) -> EndReport {
        var report = report
        report.stillEnding.append(core.containerDescription)
        return report
    }

    // MARK: One hook or one instance

    /// One thing to do at the end, in reverse order of creation.
    enum Step {
        case instance(Instance, object: AnyObject?, site: ProviderSite)
        case hook(ScopeState.Hook.Kind)
    }

    /// What a step leaves to do after its synchronous part: awaited by `endAndWait`,
    /// started and not awaited by `end()`.
    enum PendingWork {
        case hook(AsyncHook)
        /// An ``AsyncScopeBound`` instance; its end is traced once it is awaited or started.
        case instance(any AsyncScopeBound, Instance, site: ProviderSite)
    }

    /// Does the part of `step` that needs no waiting — runs a closure hook, tells an
    /// observer or a ``ScopeBound``, cancels a subscription, traces an instance's end — and
    /// follows an instance that is an object in `watched`.
    ///
    /// - Returns: What is left to await or start, if anything.
    func perform(
        _ step: Step, watching watched: inout Watches,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> PendingWork? {
        if case .instance(let instance, _, let site) = step { watched.follow(instance, site: site) }
        return act(step, tracer: tracer)
    }

    /// ``perform(_:watching:tracer:)`` of a step whose instance, if any, is followed already.
    func act(_ step: Step, tracer: (@Sendable (TraceEvent) -> Void)?) -> PendingWork? {
        switch step {
        case .hook(.closure(let body)):
            // Loaded for each hook, so that the walk does not keep the container alive:
            // `nil` when the container's release started this end.
            body(core.owner)
        case .hook(.asyncClosure(let hook)):
            return .hook(hook)
        case .hook(.observer(let observer)):
            observer.object(as: (any EndObserver).self)?.scopeDidEnd()
        case .hook(.task):
            // Stopped in step 4, before any hook: never walked.
            break
        case .hook(.subscription(let subscription)):
            subscription.cancel()
        case .instance(let instance, let object, let site):
            let roles = object.map(EndRole.of) ?? []
            if roles.contains(.bound) { (object as? any ScopeBound)?.scopeDidEnd() }
            if roles.contains(.asyncBound), let bound = object as? any AsyncScopeBound {
                return .instance(bound, instance, site: site)
            }
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
        return nil
    }

    /// How the report names what a step left to run.
    func named(_ pending: PendingWork, in container: ContainerDescription) -> EndWork {
        switch pending {
        case .hook(let hook):
            EndWork(kind: .hook, container: container, site: hook.site)
        case .instance(_, _, let site):
            EndWork(
                kind: .instance(
                    ProviderDescription(container: container, name: site.displayName)),
                container: container, site: nil)
        }
    }

    /// What a step left to run.
    ///
    /// An async hook gets the container as it is now, while the scope is not released yet:
    /// held until the hook returns, or `nil` when the container's release started this end.
    func body(of pending: PendingWork) -> @Sendable () async -> Void {
        switch pending {
        case .hook(let hook):
            let owner = core.owner
            return { await hook.body(owner) }
        case .instance(let bound, _, _):
            return { await bound.scopeDidEnd() }
        }
    }

    /// Runs what a step left, in the runner's task.
    ///
    /// An async hook gets the container as ``body(of:)`` gives it.
    func run(_ pending: PendingWork) async {
        switch pending {
        case .hook(let hook): await hook.body(core.owner)
        case .instance(let bound, _, _): await bound.scopeDidEnd()
        }
    }

    /// Traces the end of an instance whose end a step left to run, as that end begins.
    func traceStart(_ pending: PendingWork, tracer: (@Sendable (TraceEvent) -> Void)?) {
        if case .instance(_, let instance, let site) = pending {
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
    }

    /// The work that runs what a step left in a task of its own, and how the report names
    /// it; traces an instance's end.
    func started(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> (TrackedWork, EndWork) {
        traceStart(pending, tracer: tracer)
        return (TrackedWork(for: core, body(of: pending)), named(pending, in: container))
    }

    /// Starts what a step left without awaiting it, listed in `report`'s `notAwaited`.
    func start(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, into report: inout EndReport
    ) {
        let (work, endWork) = started(pending, in: container, tracer: tracer)
        work.start()
        report.addNotAwaited(endWork, work)
    }

    /// The instances among `remaining` still alive, watched as instances of `name`'s
    /// container ended at `site`.
    ///
    /// Call it once the scope holds none of them: everything still alive then is held from
    /// outside.
    func alive(
        _ remaining: [Remaining], in name: ContainerName, site: SourceSite?
    ) -> [Survivor] {
        // Described only when something is followed on: most ends have nothing to report.
        guard !remaining.isEmpty else { return [] }
        let container = name.description
        return remaining.compactMap { watch in
            watch.object.map { object in
                Survivor(
                    provider: ProviderDescription(
                        container: container, name: watch.site.displayName),
                    typeName: String(describing: type(of: object)), object: object,
                    endSite: site)
            }
        }
    }

    func traceInstanceEnded(
        _ instance: Instance, site: ProviderSite, tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        guard let tracer else { return }
        tracer(
            .instanceEnded(
                ProviderDescription(container: core.containerDescription, name: site.displayName),
                instanceType: instance.typeName))
    }

    /// Steps 5 to 7 for instances taken out of a live container — one reset, the instances
    /// of overrides no longer in force, one made for a scope that ended meanwhile — by the
    /// rules of `end()`: newest first, told, released, and what is still alive watched.
    ///
    /// - Parameter detached: The entries; emptied here, so that nothing else holds them when
    ///   what is still alive is looked for.
    /// - Returns: The report: empty when no entry held an instance.
    func endTakenOut(_ detached: inout [ScopeState.Detached]) -> EndReport {
        // Taken out in table order, which is no order: sort them newest first. There are few.
        detached.sort { $0.entry.order > $1.entry.order }
        var steps: [Step] = []
        for (key, entry) in detached {
            guard let instance = entry.instance else { continue }
            steps.append(
                .instance(instance, object: instance.revealedObject, site: key.providerSite))
        }
        detached.removeAll()
        var report = EndReport()
        guard !steps.isEmpty else { return report }
        let name = core.containerName
        let tracer = core.tracer
        var watched = Watches()
        for step in steps {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            start(pending, in: name.description, tracer: tracer, into: &report)
        }
        steps.removeAll()
        let remaining = watched.letGo()
        let alive = alive(remaining, in: name, site: nil)
        guard !alive.isEmpty else { return report }
        let ledger = core.read { $0.side?.testLedger }
        // The container lives on: nothing above it releases anything of this end.
        if let judgement = judgement(of: alive, chargedTo: ledger, into: &report) {
            core.root.leakWatcher.watch([judgement], after: report.unfinished)
        }
        return report
    }
}
