extension ScopeCore {
    enum Claim {
        case found(Instance)
        case wait(InFlight)
        case claimed(Override?)
        case ended
    }

    /// The stored instance for `key`, if there is one and the scope is active: the fast path of
    /// every cached resolution.
    ///
    /// `nil` sends the caller to ``construct(_:weakly:make:)``, which reports an ended scope.
    @usableFromInline
    func cachedInstance(_ key: ProviderKey) -> Instance? {
        state.withLock { state in isActive ? state.entries.instance(for: key) : nil }
    }

    /// Builds and stores the instance for `key` exactly once, however many threads ask at
    /// the same time; every other caller waits for the first and gets its instance.
    ///
    /// `make` receives the override, if one is installed, and returns the instance to store
    /// or, with ``Made/passedOn(_:)``, one to hand to this construction's callers only.
    @usableFromInline
    func construct(
        _ frame: Frame, weakly: Bool, making make: (Override?) throws -> Made
    ) throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(
            maker: weakly ? "weakShared { … }" : "shared { … }", isAsync: false)
        let stack = ResolutionStack.current
        try stack.push(frame)
        defer { stack.pop() }
        while true {
            let inFlight = InFlight(builder: stack.agent, frame: frame)
            let claim: Claim = try inFlight.gate.withLock { _ throws(StrataError) in
                // Finished before the gate opens, so no cycle check follows a waiter that
                // is waking.
                defer { inFlight.finish() }
                let claim = self.claim(frame, for: inFlight)
                guard case .claimed(let override) = claim else { return claim }
                let made: Made
                do {
                    made = try make(override)
                } catch {
                    abandon(frame.key, inFlight)
                    throw wrap(error, frame)
                }
                switch made {
                case .kept(let instance):
                    return try store(instance, for: frame, from: inFlight, weakly: weakly)
                case .passedOn(let instance):
                    abandon(frame.key, inFlight)
                    inFlight.passOn(instance)
                    return .found(instance)
                }
            }
            switch claim {
            case .found(let instance): return instance
            case .ended: throw .ended(provider: frame.provider)
            case .wait(let other):
                try WaitGraph.block(agent: stack.agent, frames: stack.frames, on: other)
                if let instance = other.passedOn { return instance }
            case .claimed: preconditionFailure("a claimed construction stores or throws")
            }
        }
    }

    private func claim(_ frame: Frame, for inFlight: InFlight) -> Claim {
        state.withLock { state in
            guard isActive else { return .ended }
            if let entry = state.entries[frame.key] {
                if let instance = entry.instance { return .found(instance) }
                if case .building(let other) = entry.slot { return .wait(other) }
            }
            state.entries[frame.key] = Entry(.building(inFlight), name: frame.site.name)
            return .claimed(state.side?.overrides.override(for: frame.key))
        }
    }

    private func abandon(_ key: ProviderKey, _ inFlight: InFlight) {
        state.withLock { state in
            if case .building(let current)? = state.entries[key]?.slot, current === inFlight {
                state.entries[key] = nil
            }
        }
    }

    private func store(
        _ instance: Instance, for frame: Frame, from inFlight: InFlight, weakly: Bool
    ) throws(StrataError) -> Claim {
        let stored: Bool? = state.withLock { state in
            guard isActive else { return nil }
            // An override or a reset dropped the claim while the factory ran: what it built
            // goes to this caller alone, and whoever waited claims again.
            guard case .building(let current)? = state.entries[frame.key]?.slot,
                current === inFlight
            else { return false }
            var entry = Entry(weakly ? .weak : .instance(instance), name: frame.site.name)
            entry.order = state.nextOrder()
            // A weakShared instance is the object itself, never boxed.
            if weakly { entry.object = instance.object }
            state.entries.store(entry, for: frame.key)
            return true
        }
        guard let stored else { throw .ended(provider: frame.provider) }
        guard stored else { return .found(instance) }
        trace(.made(frame.provider, instanceType: instance.typeName))
        return .found(instance)
    }

    /// Checks that a `unique` resolution may run, and returns the override to use, if any.
    @usableFromInline
    func prepareUnique(_ frame: Frame) throws(StrataError) -> Override? {
        guard isActive else { throw .ended(provider: frame.provider) }
        guard overrideCount.load(ordering: .acquiring) > 0 else { return nil }
        return state.withLock { $0.side?.overrides.override(for: frame.key) }
    }

    /// A factory's error as the caller sees it: Strata's own errors pass through unchanged,
    /// so a cycle found deep inside keeps its whole path.
    @usableFromInline
    func wrap(_ error: any Error, _ frame: Frame) -> StrataError {
        if let error = error as? StrataError { return error }
        return .factoryFailed(provider: frame.provider, underlying: error)
    }
}
