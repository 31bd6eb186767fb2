/// What a `shared` or `weakShared` lookup found.
@usableFromInline
enum Lookup {
    case found(Instance)
    case missing
    case ended
}

extension ScopeCore {
    enum Claim {
        case found(Instance)
        case wait(InFlight)
        case claimed(Override?)
        case ended
    }

    /// The stored instance for `key`, if there is one: the fast path of every cached
    /// resolution.
    @usableFromInline
    func lookup(_ key: ProviderKey) -> Lookup {
        state.withLock { state in
            guard isActive else { return .ended }
            switch state.entries[key] {
            case .instance(let instance): return .found(instance)
            case .weak(let weak):
                if let object = weak.object { return .found(Instance(object)) }
                return .missing
            default: return .missing
            }
        }
    }

    /// Builds and stores the instance for `key` exactly once, however many threads ask at
    /// the same time; every other caller waits for the first and gets its instance.
    ///
    /// `make` receives the override, if one is installed, and returns the instance to store.
    @usableFromInline
    func construct(
        _ frame: Frame, weakly: Bool, make: (Override?) throws -> Instance
    ) throws(StrataError) -> Instance {
        let stack = ResolutionStack.current
        try stack.push(frame)
        defer { stack.pop() }
        while true {
            let inFlight = InFlight(builder: stack.agent, frame: frame)
            let claim: Claim = try inFlight.gate.withLock { _ throws(StrataError) in
                let claim = self.claim(frame.key, for: inFlight)
                guard case .claimed(let override) = claim else { return claim }
                let instance: Instance
                do {
                    instance = try make(override)
                } catch {
                    abandon(frame.key, inFlight)
                    throw wrap(error, frame)
                }
                return try store(instance, for: frame, from: inFlight, weakly: weakly)
            }
            switch claim {
            case .found(let instance): return instance
            case .ended: throw .ended(provider: frame.provider)
            case .wait(let other):
                try WaitGraph.block(agent: stack.agent, frames: stack.frames, on: other)
            case .claimed: preconditionFailure("a claimed construction stores or throws")
            }
        }
    }

    private func claim(_ key: ProviderKey, for inFlight: InFlight) -> Claim {
        state.withLock { state in
            guard isActive else { return .ended }
            switch state.entries[key] {
            case .instance(let instance): return .found(instance)
            case .weak(let weak):
                if let object = weak.object { return .found(Instance(object)) }
            case .building(let other): return .wait(other)
            case .buildingAsync, nil: break
            }
            state.entries[key] = .building(inFlight)
            return .claimed(state.overrides[key.declaration])
        }
    }

    private func abandon(_ key: ProviderKey, _ inFlight: InFlight) {
        state.withLock { state in
            if case .building(let current) = state.entries[key], current === inFlight {
                state.entries[key] = nil
            }
        }
    }

    private func store(
        _ instance: Instance, for frame: Frame, from inFlight: InFlight, weakly: Bool
    ) throws(StrataError) -> Claim {
        let record = MadeRecord(of: instance, site: frame.site, isWeak: weakly)
        let stored = state.withLock { state in
            guard isActive, case .building(let current) = state.entries[frame.key],
                current === inFlight
            else { return false }
            state.entries[frame.key] =
                weakly ? .weak(WeakInstance(instance.object)) : .instance(instance)
            state.recordMade(record)
            return true
        }
        guard stored else { throw .ended(provider: frame.provider) }
        trace(.made(frame.provider, instanceType: record.typeName))
        return .found(instance)
    }

    /// Checks that a `unique` resolution may run, and returns the override to use, if any.
    @usableFromInline
    func prepareUnique(_ frame: Frame) throws(StrataError) -> Override? {
        guard isActive else { throw .ended(provider: frame.provider) }
        guard overrideCount.load(ordering: .acquiring) > 0 else { return nil }
        return state.withLock { $0.overrides[frame.key.declaration] }
    }

    /// A factory's error as the caller sees it: Strata's own errors pass through unchanged,
    /// so a cycle found deep inside keeps its whole path.
    @usableFromInline
    func wrap(_ error: any Error, _ frame: Frame) -> StrataError {
        if let error = error as? StrataError { return error }
        return .factoryFailed(provider: frame.provider, underlying: error)
    }

    // MARK: Overrides

    func setOverride(_ override: Override?, for key: ProviderKey) {
        let declaration = key.declaration
        let released: [Entry] = state.withLock { state in
            let hadOverride = state.overrides[declaration] != nil
            state.overrides[declaration] = override
            if !hadOverride, override != nil { overrideCount.add(1, ordering: .releasing) }
            if hadOverride, override == nil { overrideCount.subtract(1, ordering: .releasing) }
            // The next resolution builds from the new factory. Instances made before stay
            // recorded, so they still get their end hook and a place in the survivors report.
            let stale = state.entries.keys.filter { $0.declaration == declaration }
            return stale.compactMap { state.entries.removeValue(forKey: $0) }
        }
        // Released here, outside the lock: an instance's deinit may call back into Strata.
        withExtendedLifetime(released) {}
    }
}

extension ScopeCore.State {
    /// Appends a made instance's record, dropping records of `weakShared` instances that are
    /// gone once in a while so a long-lived container does not grow without bound.
    mutating func recordMade(_ record: MadeRecord) {
        hooks.append(.instance(record))
        compactIfNeeded()
    }

    /// Drops hooks whose object is gone — `weakShared` instances, subscriptions, finished
    /// tasks — once the list has doubled, so a long-lived container does not grow without
    /// bound.
    mutating func compactIfNeeded() {
        guard hooks.count >= compactHooksAt else { return }
        hooks.removeAll { hook in
            switch hook {
            case .instance(let made): made.isWeak && made.object == nil
            case .observer(let observer): observer.object == nil
            case .closure: false
            }
        }
        compactHooksAt = Swift.max(64, hooks.count * 2)
    }
}

extension MadeRecord {
    convenience init(of instance: Instance, site: ProviderSite, isWeak: Bool) {
        if let box = instance.object as? any ObjectRevealing {
            self.init(
                object: box.revealedObject, provider: site.displayName,
                typeName: box.valueTypeName, isWeak: isWeak)
        } else {
            self.init(
                object: instance.object, provider: site.displayName,
                typeName: String(describing: type(of: instance.object)), isWeak: isWeak)
        }
    }
}
