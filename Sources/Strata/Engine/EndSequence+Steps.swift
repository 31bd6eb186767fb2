/// What each of an end's steps does to one hook or one instance, shared by both drivers and
/// by the end of instances taken out of a live container.
extension EndSequence {
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
        switch step {
        case .hook(.closure(let body)):
            body()
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

    /// The work that runs what a step left, and how the report names it; traces an
    /// instance's end.
    func started(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> (TrackedWork, EndWork) {
        switch pending {
        case .hook(let hook):
            return (
                TrackedWork(for: core, hook.body),
                EndWork(kind: .hook, container: container, site: hook.site)
            )
        case .instance(let bound, let instance, let site):
            traceInstanceEnded(instance, site: site, tracer: tracer)
            let provider = ProviderDescription(container: container, name: site.displayName)
            return (
                TrackedWork(for: core) { await bound.scopeDidEnd() },
                EndWork(kind: .instance(provider), container: container, site: nil)
            )
        }
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

    /// The instances among `remaining` still alive, as survivors of `name`'s container
    /// ended at `site`.
    ///
    /// Call it once the scope holds none of them: everything still alive then is held from
    /// outside.
    func alive(_ remaining: [Remaining], in name: ContainerName, site: EndSite?) -> [Survivor] {
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
    /// rules of `end()`: newest first, told, released, and reported to the tree's report
    /// handler.
    ///
    /// - Parameter detached: The entries; emptied here, so that nothing else holds them when
    ///   the survivors are looked for.
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
        report.classify { alive(remaining, in: name, site: nil) }
        core.root.endReportHandler?(report)
        return report
    }
}
