/// What an end does to one hook or one instance, for both drivers and for the end of
/// instances taken out of a live container.
extension EndSequence {
    /// One thing to do at the end, in reverse order of creation.
    package enum Step {
        case instance(Instance, object: AnyObject?, site: ProviderSite)
        case hook(ScopeState.Hook.Kind)
    }

    /// What a step leaves to do after its synchronous part: awaited by `endAndWait`,
    /// started and not awaited by `end()`.
    package enum PendingWork {
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
            EndWork(origin: .hook, container: container, site: hook.site)
        case .instance(_, _, let site):
            EndWork(
                origin: .instance(
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

    /// Runs what a step left, in the runner's task or the inline end's.
    ///
    /// An async hook gets the container as ``body(of:)`` gives it: `owner`, loaded by the
    /// caller once for all its steps, as the scope is not released before they are done.
    func run(_ pending: PendingWork, owner: (any Container)?) async {
        switch pending {
        case .hook(let hook): await hook.body(owner)
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

    /// Starts what a step left without awaiting it, listed in `report`'s `overran`.
    func start(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, into report: inout EndReport
    ) {
        let (work, endWork) = started(pending, in: container, tracer: tracer)
        work.start()
        report.addOverran(endWork, work)
    }

    /// The instances among `remaining` still alive, watched as instances of `name`'s
    /// container ended at `site`, or taken out of it by `takenOutBy` there.
    ///
    /// Call it once the scope holds none of them: everything still alive then is held from
    /// outside.
    func alive(
        _ remaining: [Remaining], in name: ContainerName, site: SourceSite?,
        takenOutBy: String? = nil
    ) -> [WatchedInstance] {
        // Described only when something is followed on: most ends have nothing to report.
        guard !remaining.isEmpty else { return [] }
        let container = name.description
        return remaining.compactMap { watch in
            watch.object.map { object in
                WatchedInstance(
                    provider: ProviderDescription(
                        container: container, name: watch.site.displayName),
                    typeName: String(describing: type(of: object)), object: object,
                    endSite: site, takenOutBy: takenOutBy)
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
    /// - Parameters:
    ///   - detached: The entries; emptied here, so that nothing else holds them when what is
    ///     still alive is looked for.
    ///   - cause: What took them out, for the leak report of one still alive.
    ///   - site: Where, if the call that took them out names it.
    /// - Returns: The report: empty when no entry held an instance.
    func endTakenOut(
        _ detached: inout [ScopeState.Detached], by cause: String, at site: SourceSite? = nil
    ) -> EndReport {
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
        let alive = alive(remaining, in: name, site: site, takenOutBy: cause)
        guard !alive.isEmpty else { return report }
        let ledger = core.read { $0.side?.testLedger }
        // The container lives on: nothing above it releases anything of this end.
        if let judgement = judgement(of: alive, chargedTo: ledger, into: &report) {
            core.root.leakWatcher.watch([judgement], after: report.unfinished)
        }
        return report
    }
}
