/// Steps 4 to 7 of an end, the scope's own: shared by both drivers.
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
        var watched = Watches(room: walk.instanceCount)
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
    /// Inline, and the caller not cancelled, the tasks and async steps are
    /// awaited in the caller's task with no deadline
    /// (``awaitInPlace(_:watching:of:tracer:into:)``).
    ///
    /// With nothing async to await, it starts no task and costs about what
    /// ``finishNow(_:children:)`` costs.
    func finishAwaited(
        _ ending: Ending, children: EndReport, until deadline: ContinuousClock.Instant,
        inline: Bool
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
        for task in tasks {
            if inline, !Task.isCancelled {
                await task.work.wait()
            } else if await !task.work.wait(until: deadline) {
                own.addOverran(
                    EndWork(origin: .task, container: name.description, site: task.site),
                    task.work)
            }
        }
        tasks.removeAll()
        var watched = Watches(room: walk.instanceCount)
        // A cancelled caller's end goes as `endAndWait`'s: the same runner, from its start.
        if inline, !Task.isCancelled {
            await awaitInPlace(
                consume walk, watching: &watched, of: name, tracer: tracer, into: &own)
        } else {
            await awaitSteps(
                consume walk, watching: &watched, of: name, tracer: tracer, until: deadline,
                into: &own)
        }
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
        // The scope's own report names no container yet: its name goes after the
        // children's, with no copy of `own` made to add it there first.
        var whole = children
        whole.absorb(own)
        whole.endedNames.append(name)
        // A container never used was never announced; it ends silently too. Traced before it
        // leaves its parent: once it has left, the parent's end no longer waits for it, and
        // could trace its own end first.
        if let tracer, core.isBound.load(ordering: .acquiring) { tracer(.ended(name.description)) }
        leave(
            watching: alive(remaining, in: name, site: ending.site), side: side, into: &whole)
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
        watching watched: [WatchedInstance], side: SideState?, into report: inout EndReport
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
    func judgement(
        of watched: [WatchedInstance], chargedTo ledger: TestLedger?,
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
        var watched = Watches(room: released.entries.count)
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
}
