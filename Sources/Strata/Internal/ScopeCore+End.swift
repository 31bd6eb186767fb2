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
        let (hooks, building) = state.withLock { state in
            (state.hooks, state.entries.values.compactMap(\.asyncInFlight))
        }
        for inFlight in building { inFlight.task.cancel() }
        for hook in hooks.reversed() {
            switch hook {
            case .closure(let body):
                body()
            case .observer(let observer):
                observer.object?.containerDidEnd()
            case .instance(let record):
                let object = record.object
                // A `weakShared` instance that is gone already has nothing left to end.
                if record.isObject, object == nil { continue }
                (object as? any ScopeBound)?.scopeDidEnd()
                trace(
                    .instanceEnded(
                        ProviderDescription(container: containerDescription, name: record.provider),
                        instanceType: record.typeName))
            }
        }
        releaseInstances()
        let container = containerDescription
        for case .instance(let record) in hooks {
            guard let object = record.object else { continue }
            report.survivors.append(
                Survivor(
                    provider: ProviderDescription(container: container, name: record.provider),
                    typeName: record.typeName, object: ObjectIdentifier(object)))
        }
        report.ended.append(container)
        parent?.removeChild(identity)
        // A container never used was never announced; it ends silently too.
        if isBound.load(ordering: .acquiring) { trace(.ended(container)) }
        return report
    }

    /// Marks the scope ended and drops everything it holds.
    ///
    /// The instances are released when this returns, outside the lock, since an instance's deinit
    /// may call back into Strata.
    private func releaseInstances() {
        let released = state.withLock { state in
            phase.store(Phase.ended.rawValue, ordering: .releasing)
            let released = (state.entries, state.overrides)
            state.entries = [:]
            state.overrides = [:]
            state.hooks = []
            state.children = [:]
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

extension ScopeCore.Entry {
    fileprivate var asyncInFlight: AsyncInFlight? {
        if case .buildingAsync(let inFlight) = self { return inFlight }
        return nil
    }
}
