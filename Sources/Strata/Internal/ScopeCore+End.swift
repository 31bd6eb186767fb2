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
        for watch in watched {
            guard let object = watch.object else { continue }
            report.survivors.append(
                Survivor(
                    provider: ProviderDescription(container: container, name: watch.name),
                    typeName: String(describing: type(of: object)),
                    object: ObjectIdentifier(object)))
        }
        report.ended.append(container)
        parent?.removeChild(identity)
        // A container never used was never announced; it ends silently too.
        if isBound.load(ordering: .acquiring) { trace(.ended(container)) }
        return report
    }

    /// An instance followed past its release, for the survivors report.
    struct Watch {
        let name: String
        weak var object: AnyObject?
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
            case instance(name: String, Instance, object: AnyObject?)
            case hook(Hook.Kind)
        }
        let (entries, hooks) = state.withLock { ($0.entries.all, $0.hooks) }
        var steps: [(order: Int, step: Step)] = hooks.map { ($0.order, .hook($0.kind)) }
        var watched: [Watch] = []
        for (key, entry) in entries {
            switch entry.slot {
            case .buildingAsync(let inFlight):
                inFlight.task.cancel()
            case .building:
                break
            case .instance, .weak:
                guard let instance = entry.instance else { continue }
                let name = ProviderSite(name: entry.name, argument: key.argument).displayName
                steps.append((entry.order, .instance(name: name, instance, object: entry.object)))
                watched.append(Watch(name: name, object: entry.object))
            }
        }
        steps.sort { $0.order > $1.order }
        for (_, step) in steps {
            switch step {
            case .hook(.closure(let body)):
                body()
            case .hook(.observer(let observer)):
                observer.object?.containerDidEnd()
            case .instance(let name, let instance, let object):
                (object as? any ScopeBound)?.scopeDidEnd()
                trace(
                    .instanceEnded(
                        ProviderDescription(container: containerDescription, name: name),
                        instanceType: instance.typeName))
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
                state.entries.removeAll(), state.hooks, state.overrides, state.routes
            )
            state.hooks = []
            state.children = [:]
            state.overrides = [:]
            state.routes = [:]
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
