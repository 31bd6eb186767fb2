extension ScopeCore {
    /// Ends the scope and awaits its work, up to `deadline`: children first, newest first,
    /// each awaited; then its hooks in reverse order of creation, async ones awaited; then
    /// its tasks, cancelled and awaited; then it releases its instances, waits for the main
    /// actor to run the deinits the release started there, and reports.
    ///
    /// The first caller starts the ending in a task of its own, so that cancelling a caller
    /// does not stop it halfway; every caller awaits that task and gets its report. A scope
    /// that `end()` ended, or is ending, gives an empty report, as a second `end()` does —
    /// unless `joining`: a parent's teardown then waits for that end and takes its report.
    ///
    /// Called from work of this scope or one below it — a task of its own, an async hook,
    /// an ``AsyncScopeBound/scopeDidEnd()`` — it would wait for its caller, which the
    /// teardown waits for: it starts the teardown and returns at once with an empty report.
    func endAndWait(
        until deadline: ContinuousClock.Instant, at site: EndSite?, joining: Bool = false
    ) async -> EndReport {
        let teardown = Teardown()
        let start = transition { $0.beginTeardown(teardown) }
        if case .start = start {
            // Started once the lock is let go, by the caller that recorded it, with no
            // suspension in between. Meanwhile whoever finds the scope ending finds this
            // teardown and waits for its report, which the task leaves: a short wait, never a
            // lost one. The teardown is nobody's work: it waits for its caller's, if anyone's.
            Task {
                await StartedWork.$runningFor.withValue(nil) {
                    await teardown.run { await self.tearDown(until: deadline, at: site) }
                }
            }
        }
        if isRunningOwnWork { return EndReport() }
        switch start {
        case .start:
            return await teardown.report()
        case .begun(.teardown(let teardown)?):
            return await teardown.report()
        case .begun(.ending(let ending)?):
            return joining ? await ending.report() : EndReport()
        case .begun(nil):
            return EndReport()
        }
    }

    /// Whether this scope is `other` or lies below it.
    func isWithin(_ other: ScopeCore) -> Bool {
        var next: ScopeCore? = self
        while let scope = next {
            if scope === other { return true }
            next = scope.parent
        }
        return false
    }

    private func tearDown(until deadline: ContinuousClock.Instant, at site: EndSite?) async
        -> EndReport
    {
        var report = EndReport()
        for child in liveChildren {
            report.absorb(await child.endAndWait(until: deadline, at: site, joining: true))
        }
        var own = EndReport()
        let name = containerName
        let container = name.description
        var tasks: [ScopedTask] = []
        let tracer = self.tracer
        var walk = endWalk()
        var watched = Watches()
        while let step = walk.next() {
            switch perform(step, watching: &watched, tracer: tracer) {
            case nil:
                break
            case .hook(let hook):
                let work = StartedWork(for: self, hook.body)
                if await !Deadline.run(work, until: deadline) {
                    own.addOverran(
                        EndWork(kind: .hook, container: container, site: hook.site), work)
                }
            case .task(let task):
                // Tasks stop after the hooks, which may still need them.
                tasks.append(task)
            case .instance(let bound, let instance, let site):
                let work = StartedWork(for: self) { await bound.scopeDidEnd() }
                if await !Deadline.run(work, until: deadline) {
                    let provider = ProviderDescription(container: container, name: site.displayName)
                    own.addOverran(
                        EndWork(kind: .instance(provider), container: container, site: nil), work)
                }
                traceInstanceEnded(instance, site: site, tracer: tracer)
            }
        }
        for task in tasks { task.scopeDidEnd() }
        for task in tasks where await !task.work.wait(until: deadline) {
            own.addOverran(EndWork(kind: .task, container: container, site: task.site), task.work)
        }
        tasks.removeAll()
        releaseState()
        let remaining = watched.letGo()
        // A main-actor instance released here, off the main actor, is deinitialised there
        // later, and holds what it holds until then.
        await MainActorHop.settle(remaining, until: deadline)
        completeEnding(
            &own, remaining: remaining, waitingOn: report.unfinished, name: name,
            tracer: tracer, site: site)
        report.absorb(own)
        return report
    }
}

/// Awaits work up to a deadline.
enum Deadline {
    /// Starts `work` in a task and waits for it until `deadline`.
    ///
    /// When the deadline passes first, the task is cancelled and left to finish on its own.
    ///
    /// - Returns: Whether `work` finished, and let go of what it captured, before the
    ///   deadline.
    static func run(_ work: StartedWork, until deadline: ContinuousClock.Instant) async -> Bool {
        work.start()
        let finished = await work.wait(until: deadline)
        if !finished { work.cancel() }
        return finished
    }
}
