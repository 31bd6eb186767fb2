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
    /// - Parameter identity: This scope's identity, passed in because `deinit` must not
    ///   form new references to `self`.
    /// - Returns: What was ended, and the survivors.
    func finishEnding(identity: ObjectIdentifier) -> EndReport {
        var report = EndReport()
        for child in liveChildren.reversed() {
            report.absorb(child.end())
        }
        let watched = runHooksAndRelease()
        let container = containerDescription
        var own = EndReport()
        own.ended = [container]
        for watch in watched {
            guard let object = watch.object else { continue }
            own.survivors.append(
                Survivor(
                    provider: ProviderDescription(container: container, name: watch.displayName),
                    typeName: String(describing: type(of: object)),
                    object: ObjectIdentifier(object)))
        }
        root.endReportHandler?(own)
        report.absorb(own)
        parent?.removeChild(identity)
        // A container never used was never announced; it ends silently too.
        if isBound.load(ordering: .acquiring) { trace(.ended(container)) }
        return report
    }

    /// An instance followed past its release, for the survivors report.
    ///
    /// The name stays unformatted: only a survivor needs it as text.
    struct Watch {
        let name: StaticString
        let argument: Argument?
        weak var object: AnyObject?

        var displayName: String { ProviderSite(name: name, argument: argument).displayName }
    }

    /// Runs the end hooks in reverse order of creation, cancels constructions in flight,
    /// marks the scope ended and releases what it holds.
    ///
    /// Everything it held strongly is gone when this returns — what is still alive is held
    /// from outside — so the caller can tell survivors apart.
    ///
    /// - Returns: A weak reference to every instance that was an object.
    private func runHooksAndRelease() -> [Watch] {
        enum Step {
            case instance(Instance, object: AnyObject?, name: StaticString, argument: Argument?)
            case hook(Hook.Kind)
        }
        // The table is copied as a whole (its storage is shared until someone writes), not
        // entry by entry.
        let (entries, hooks) = state.withLock { ($0.entries, $0.hooks) }
        var steps: [(order: Int, step: Step)] = hooks.map { ($0.order, .hook($0.kind)) }
        steps.reserveCapacity(hooks.count + entries.underestimatedCount)
        var watched: [Watch] = []
        watched.reserveCapacity(entries.underestimatedCount)
        for (key, entry) in entries {
            let instance: Instance
            switch entry.slot {
            case .buildingAsync(let inFlight):
                inFlight.task.cancel()
                continue
            case .building:
                continue
            case .instance(let stored):
                instance = stored
            case .weak:
                guard let alive = entry.object else { continue }
                instance = Instance(alive)
            }
            let object = instance.revealedObject
            steps.append(
                (
                    entry.order,
                    .instance(instance, object: object, name: entry.name, argument: key.argument)
                ))
            watched.append(Watch(name: entry.name, argument: key.argument, object: object))
        }
        steps.sort { $0.order > $1.order }
        let tracer = self.tracer
        for (_, step) in steps {
            switch step {
            case .hook(.closure(let body)):
                body()
            case .hook(.observer(let observer)):
                observer.object?.containerDidEnd()
            case .hook(.subscription(let subscription)):
                subscription.cancel()
            case .instance(let instance, let object, let name, let argument):
                (object as? any ScopeBound)?.scopeDidEnd()
                if let tracer {
                    let site = ProviderSite(name: name, argument: argument)
                    tracer(
                        .instanceEnded(
                            ProviderDescription(
                                container: containerDescription, name: site.displayName),
                            instanceType: instance.typeName))
                }
            }
        }
        steps.removeAll()
        releaseState()
        return watched
    }

    /// Marks the scope ended and drops everything it holds.
    ///
    /// The instances are released when this returns, outside the lock, since an instance's
    /// deinit may call back into Strata.
    private func releaseState() {
        let released = state.withLock { state in
            phase.store(Phase.ended.rawValue, ordering: .releasing)
            let released = (
                state.entries.removeAll(), state.hooks, state.overrides, state.routes,
                state.contributions
            )
            state.hooks = []
            state.children = [:]
            state.overrides = [:]
            state.routes = [:]
            state.contributions = nil
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
