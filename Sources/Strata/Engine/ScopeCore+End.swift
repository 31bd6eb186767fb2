extension ScopeCore {
    /// Ends a scope that ``end(at:)`` moved to ending: its children first, newest first; then
    /// its own hooks in reverse order of creation; then it releases its instances and
    /// reports which survived.
    ///
    /// Async hooks cannot be awaited here: they are started in tasks of their own and
    /// reported as ``EndReport/notAwaited``.
    ///
    /// - Returns: What was ended, the survivors, and the instances pending on work started.
    private func finishEnding(at site: EndSite?) -> EndReport {
        var report = EndReport()
        for child in liveChildren {
            report.absorb(child.endAsChild(at: site))
        }
        var own = EndReport()
        let name = containerName
        let container = name.description
        let tracer = self.tracer
        var walk = endWalk()
        var watched = Watches()
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            start(pending, in: container, tracer: tracer, into: &own)
        }
        releaseState()
        let remaining = watched.letGo()
        completeEnding(
            &own, remaining: remaining, waitingOn: report.unfinished, name: name,
            tracer: tracer, site: site)
        report.absorb(own)
        return report
    }

    /// One thing to do at the end, in reverse order of creation.
    enum EndStep {
        case instance(Instance, object: AnyObject?, site: ProviderSite)
        case hook(ScopeState.Hook.Kind)
    }

    /// What a step leaves to do after its synchronous part: awaited by `endAndWait`,
    /// started in a task (or, for a task, stopped) by `end()` and reset.
    enum PendingWork {
        case hook(AsyncHook)
        /// A task the container runs: stopped after the hooks, which may still need it.
        case task(ScopedTask)
        /// An ``AsyncScopeBound`` instance; its end is traced once it is awaited or started.
        case instance(any AsyncScopeBound, Instance, site: ProviderSite)
    }

    /// The hooks and instances to end, newest first, walked in place over a copy of the
    /// table taken under the lock; cancels constructions in flight.
    ///
    /// The table and the hooks are copied as a whole (their storage is shared until someone
    /// writes), not entry by entry.
    func endWalk() -> EndWalk {
        let (entries, hooks) = read { ($0.entries, $0.hooks) }
        entries.forEachAsyncBuild { $0.task.cancel() }
        return EndWalk(hooks: hooks, entries: entries)
    }

    /// The step that ends the instance `entry` holds; `nil` when it holds none (a
    /// construction in flight, a weak instance gone).
    static func instanceStep(_ key: ProviderKey, _ entry: Entry) -> EndStep? {
        guard let instance = entry.instance else { return nil }
        let site = key.providerSite
        return .instance(instance, object: instance.revealedObject, site: site)
    }

    /// Does the part of `step` that needs no waiting — runs a closure hook, tells an
    /// observer or a ``ScopeBound``, cancels a subscription, traces an instance's end — and
    /// follows an instance that is an object in `watched`.
    ///
    /// - Returns: What is left to await or start, if anything.
    func perform(
        _ step: EndStep, watching watched: inout Watches,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> PendingWork? {
        switch step {
        case .hook(.closure(let body)):
            body()
        case .hook(.asyncClosure(let hook)):
            return .hook(hook)
        case .hook(.observer(let observer)):
            observer.object?.scopeDidEnd()
        case .hook(.task(let task)):
            // Gone when it finished: nothing to stop.
            return task.object.map { .task($0) }
        case .hook(.subscription(let subscription)):
            subscription.cancel()
        case .instance(let instance, let object, let site):
            watched.follow(instance, site: site)
            let roles = object.map(EndRole.of) ?? []
            if roles.contains(.bound) { (object as? any ScopeBound)?.scopeDidEnd() }
            if roles.contains(.asyncBound), let bound = object as? any AsyncScopeBound {
                return .instance(bound, instance, site: site)
            }
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
        return nil
    }

    /// Starts what a step left without awaiting it: an async hook or an ``AsyncScopeBound``
    /// in a task of its own, listed in `report`'s `notAwaited`; a task is stopped.
    func start(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, into report: inout EndReport
    ) {
        switch pending {
        case .hook(let hook):
            let work = StartedWork(for: self, hook.body)
            work.start()
            report.addNotAwaited(
                EndWork(kind: .hook, container: container, site: hook.site), work)
        case .task(let task):
            task.scopeDidEnd()
            if !task.work.isFinished { report.addUnfinished(task.work) }
        case .instance(let bound, let instance, let site):
            let work = StartedWork(for: self) { await bound.scopeDidEnd() }
            work.start()
            report.addNotAwaited(
                EndWork(
                    kind: .instance(
                        ProviderDescription(container: container, name: site.displayName)),
                    container: container, site: nil), work)
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
    }

    /// The instances among `remaining` still alive, as survivors of `name`'s container
    /// ended at `site`.
    ///
    /// Call it once the scope holds none of them: everything still alive then is held from
    /// outside.
    func alive(
        _ remaining: [Remaining], in name: ContainerName, site: EndSite?
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
                ProviderDescription(container: containerDescription, name: site.displayName),
                instanceType: instance.typeName))
    }

    /// Sorts what is still alive of `remaining` into `own`'s survivors and pending — pending
    /// while `own`'s work or the children's (`waitingOn`) is unfinished — hands `own` to the
    /// tree's report handler, and leaves the parent; traces the end to `tracer`, the one the
    /// end began with.
    ///
    /// Everything the scope held strongly is gone when this runs — what is still alive is
    /// held from outside, or by work the end started.
    func completeEnding(
        _ own: inout EndReport, remaining: [Remaining], waitingOn children: [StartedWork],
        name: ContainerName, tracer: (@Sendable (TraceEvent) -> Void)?, site: EndSite?
    ) {
        own.endedNames.append(name)
        own.classify({ alive(remaining, in: name, site: site) }, waitingOn: children)
        let (handler, ledger) = root.reportTargets
        handler?(own)
        ledger?.ended(self)
        parent?.removeChild(self)
        // A container never used was never announced; it ends silently too.
        if let tracer, isBound.load(ordering: .acquiring) { tracer(.ended(name.description)) }
    }

    /// Marks the scope ended and drops everything it holds.
    ///
    /// The instances are released when this returns, outside the lock, since an instance's
    /// deinit may call back into Strata.
    func releaseState() {
        let released = transition { $0.release() }
        _ = released
    }

    /// Ends the scope if it is active; an empty report otherwise.
    ///
    /// One transition decides: a scope with nothing to run at its end is ended there and
    /// then (``ScopeState/endAtOnce()``); any other is moved to ending and walked. In a traced
    /// tree every scope is walked, since each instance's end is traced in the walk. (The
    /// tracer is fetched before the lock: it may take the root's.)
    ///
    /// - Parameter site: Where the end was called; `nil` for a container released without
    ///   an end.
    /// - Returns: What was ended, the survivors, and the instances pending on work started.
    @usableFromInline
    func end(at site: EndSite?) -> EndReport {
        switch beginEnd() {
        case .atOnce(let released): return finishAtOnce(released, at: site)
        case .walk(let ending): return ending.run { finishEnding(at: site) }
        case .begun: return EndReport()
        }
    }

    /// Ends this child scope as part of its parent's end: as ``end(at:)``, except that a
    /// child already ending elsewhere — by `end()` on another thread, or an `endAndWait` —
    /// is waited for, blocking, and its report taken, so that the parent ends after it.
    ///
    /// It does not wait where waiting would never end: on the thread that is ending the
    /// child, on one that waits for it, or from the child's own end work.
    func endAsChild(at site: EndSite?) -> EndReport {
        switch beginEnd() {
        case .atOnce(let released): return finishAtOnce(released, at: site)
        case .walk(let ending): return ending.run { finishEnding(at: site) }
        case .begun(let inProgress):
            guard let inProgress, !isRunningOwnWork else { return EndReport() }
            return inProgress.reportBlocking()
        }
    }

    /// How this caller's `end()` goes on.
    enum EndCourse {
        /// Nothing had to run: the scope is ended, and this is what it held.
        case atOnce(ScopeState.Released)
        /// The caller walks the end's steps, holding `Ending`'s token.
        case walk(Ending)
        /// An end began elsewhere: the one in progress, or done, if any was recorded.
        case begun(EndInProgress?)
    }

    /// Begins an end: at once when nothing has to run and the tree is not traced (in a
    /// traced tree every scope is walked, since each instance's end is traced in the walk;
    /// the tracer is fetched before the lock, as it may take the root's).
    ///
    /// A walked end takes two transitions, so that its ``Ending`` is made outside the lock
    /// and only when it is needed (an end at once, the common case, makes none):
    /// - The first changes nothing when it answers `.prepareEnding`: until the second, every
    ///   other caller sees the scope active, as it was.
    /// - Another end may begin in between — an `end()` on another thread, an `endAndWait`,
    ///   the parent's end. The second transition then finds it begun and answers as the
    ///   first would have; the ending made here is dropped, never seen.
    /// - A hook, a child or an instance added in between is ended by the walk, as it would
    ///   have been had it come first; walking is right whatever the scope holds, so nothing
    ///   added can make it wrong.
    /// - The second moves the scope to ending and records the ending in one transition: no
    ///   caller sees the scope ending without the ending to wait for.
    private func beginEnd() -> EndCourse {
        let atOnceAllowed = tracer == nil
        switch transition({ $0.beginEnd(atOnceAllowed: atOnceAllowed) }) {
        case .atOnce(let released): return .atOnce(released)
        case .begun(let inProgress): return .begun(inProgress)
        case .prepareEnding: break
        }
        let ending = Ending(by: ResolutionStack.current.agent)
        switch transition({ $0.beginWalk(with: ending) }) {
        case .walk: return .walk(ending)
        case .begun(let inProgress): return .begun(inProgress)
        }
    }

    /// Whether the current task runs work of this scope's end or of one below it: a wait for
    /// that end would wait for itself.
    var isRunningOwnWork: Bool {
        StartedWork.runningFor?.isWithin(self) == true
    }

    /// Finishes an end that took everything at once: the same end as ``finishEnding()``'s,
    /// with the instances let go newest first, without a walk or a copy of the tables, in a
    /// tree that was not traced when the end began.
    private func finishAtOnce(
        _ released: consuming ScopeState.Released, at site: EndSite?
    ) -> EndReport {
        var released = released
        var watched = Watches()
        var cursor = released.entries.newestCursor
        while let stored = released.entries.takeNext(&cursor) {
            watched.follow(stored.instance, site: stored.site)
        }
        let name = containerName(owner: released.owner)
        // Let go of the tables before survivors are looked for.
        _ = consume released
        var report = EndReport()
        completeEnding(
            &report, remaining: watched.letGo(), waitingOn: [], name: name, tracer: nil,
            site: site)
        return report
    }
}
