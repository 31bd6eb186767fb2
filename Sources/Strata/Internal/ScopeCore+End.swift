extension ScopeCore {
    /// Moves the scope from active to ending; `false` when another call got there first.
    func beginEnding() -> Bool {
        state.withLock { _ in
            guard isActive else { return false }
            phase.store(Phase.ending.rawValue, ordering: .releasing)
            return true
        }
    }

    /// Ends the scope: its children first, newest first; then its own hooks in reverse
    /// order of creation; then it releases its instances and reports which survived.
    ///
    /// Async hooks cannot be awaited here: they are started in tasks of their own and
    /// reported as ``EndReport/notAwaited``.
    ///
    /// - Parameter identity: This scope's identity, passed in because `deinit` must not
    ///   form new references to `self`.
    /// - Returns: What was ended, and the survivors.
    func finishEnding(identity: ObjectIdentifier) -> EndReport {
        var report = EndReport()
        for child in liveChildren.reversed() {
            report.absorb(child.end())
        }
        var own = EndReport()
        let container = containerDescription
        var (steps, watched) = endSteps()
        let tracer = self.tracer
        for (_, step) in steps {
            switch step {
            case .hook(.closure(let body)):
                body()
            case .hook(.asyncClosure(let hook)):
                Task { await hook.body() }
                own.notAwaited.append(EndWork(kind: .hook, container: container, site: hook.site))
            case .hook(.observer(let observer)):
                observer.object?.scopeDidEnd()
            case .hook(.subscription(let subscription)):
                subscription.cancel()
            case .instance(let instance, let object, let site):
                endInstance(
                    instance, object: object, site: site, in: container, tracer: tracer,
                    into: &own)
            }
        }
        steps.removeAll()
        releaseState()
        report.absorb(completeEnding(own, watched: watched, identity: identity))
        return report
    }

    /// An instance followed past its release, for the survivors report.
    ///
    /// The name stays unformatted: only a survivor needs it as text.
    struct Watch {
        let site: ProviderSite
        weak var object: AnyObject?
    }

    /// One thing to do at the end, in reverse order of creation.
    enum EndStep {
        case instance(Instance, object: AnyObject?, site: ProviderSite)
        case hook(Hook.Kind)
    }

    /// The hooks and instances to end, newest first, and a weak reference to every instance
    /// that is an object; cancels constructions in flight.
    ///
    /// The table is copied as a whole (its storage is shared until someone writes), not
    /// entry by entry.
    func endSteps() -> (steps: [(order: Int, step: EndStep)], watched: [Watch]) {
        let (entries, hooks) = state.withLock { ($0.entries, $0.hooks) }
        var steps: [(order: Int, step: EndStep)] = hooks.map { ($0.order, .hook($0.kind)) }
        steps.reserveCapacity(hooks.count + entries.underestimatedCount)
        var watched: [Watch] = []
        watched.reserveCapacity(entries.underestimatedCount)
        for (key, entry) in entries {
            if case .buildingAsync(let inFlight) = entry.slot { inFlight.task.cancel() }
            guard let (order, step, watch) = instanceStep(key, entry) else { continue }
            steps.append((order, step))
            watched.append(watch)
        }
        steps.sort { $0.order > $1.order }
        return (steps, watched)
    }

    /// The step that ends the instance `entry` holds, and a weak reference to follow it;
    /// `nil` when it holds none (a construction in flight, a weak instance gone).
    func instanceStep(
        _ key: ProviderKey, _ entry: Entry
    ) -> (order: Int, step: EndStep, watch: Watch)? {
        guard let instance = entry.instance else { return nil }
        let object = instance.revealedObject
        let site = ProviderSite(name: entry.name, argument: key.argument)
        return (
            entry.order, .instance(instance, object: object, site: site),
            Watch(site: site, object: object)
        )
    }

    /// Ends one instance without awaiting: tells a ``ScopeBound``, starts an
    /// ``AsyncScopeBound`` in a task and lists it in `report`'s `notAwaited`, and traces it.
    func endInstance(
        _ instance: Instance, object: AnyObject?, site: ProviderSite,
        in container: ContainerDescription, tracer: (@Sendable (TraceEvent) -> Void)?,
        into report: inout EndReport
    ) {
        (object as? any ScopeBound)?.scopeDidEnd()
        if let bound = object as? any AsyncScopeBound {
            Task { await bound.scopeDidEnd() }
            report.notAwaited.append(
                EndWork(
                    kind: .instance(
                        ProviderDescription(container: container, name: site.displayName)),
                    container: container, site: nil))
        }
        traceInstanceEnded(instance, site: site, tracer: tracer)
    }

    /// The watched instances still alive, as survivors of `container`.
    func survivors(of watched: [Watch], in container: ContainerDescription) -> [Survivor] {
        watched.compactMap { watch in
            guard let object = watch.object else { return nil }
            return Survivor(
                provider: ProviderDescription(container: container, name: watch.site.displayName),
                typeName: String(describing: type(of: object)),
                object: object)
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

    /// Adds the survivors to `own`, hands it to the tree's report handler, and leaves the
    /// parent.
    ///
    /// Everything the scope held strongly is gone when this runs — what is still alive is
    /// held from outside.
    func completeEnding(
        _ own: EndReport, watched: [Watch], identity: ObjectIdentifier
    ) -> EndReport {
        var own = own
        let container = containerDescription
        own.ended = [container]
        own.survivors += survivors(of: watched, in: container)
        root.endReportHandler?(own)
        parent?.removeChild(identity)
        // A container never used was never announced; it ends silently too.
        if isBound.load(ordering: .acquiring) { trace(.ended(container)) }
        return own
    }

    /// Marks the scope ended and drops everything it holds.
    ///
    /// The instances are released when this returns, outside the lock, since an instance's
    /// deinit may call back into Strata.
    func releaseState() {
        let released = state.withLock { state in
            phase.store(Phase.ended.rawValue, ordering: .releasing)
            // The side state goes whole; what outlives the end is copied into a new one.
            let released = (state.entries.removeAll(), state.hooks, state.side)
            state.hooks = []
            state.children = [:]
            state.side = state.side?.keptAfterEnd()
            return released
        }
        _ = released
    }

    /// Ends the scope if it is active; an empty report otherwise.
    func end() -> EndReport {
        guard beginEnding() else { return EndReport() }
        return finishEnding(identity: ObjectIdentifier(self))
    }
}
