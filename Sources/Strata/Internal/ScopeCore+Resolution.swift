extension ScopeCore {
    /// What a caller found when it tried to claim a provider's entry.
    enum Claim {
        /// An instance is stored.
        case found(Instance)
        /// Someone else is building it: wait on that construction.
        case wait(Construction)
        /// The caller's construction holds the entry now; build with this override, if any.
        case claimed(Construction, Override?)
        /// The scope has ended.
        case ended
    }

    /// What became of an instance a construction offered to store.
    enum Settled {
        /// Stored: later resolutions find it.
        case kept
        /// Not kept, as the storage policy says (a `nil` of `sharedWhenPresent`): it goes to
        /// this construction's callers only.
        case passedOn
        /// The construction no longer held the entry (an override or a reset dropped it, or
        /// another waiter of the same task stored first); `current` is what the entry holds.
        case dropped(current: Instance?)
    }

    /// The stored instance for `key`, if there is one and the scope is active: the fast path of
    /// every cached resolution.
    ///
    /// `nil` sends the caller to ``construct(_:storage:make:)``, which reports an ended scope.
    @usableFromInline
    func cachedInstance(_ key: ProviderKey) -> Instance? {
        state.withLock { state in isActive ? state.entries.instance(for: key) : nil }
    }

    /// Builds and stores the instance for `key` exactly once, however many threads ask at
    /// the same time; every other caller waits for the first and gets its instance.
    ///
    /// `make` receives the override, if one is installed; `storage` says how the instance is
    /// kept.
    @usableFromInline
    func construct(
        _ frame: Frame, storage: Storage, make: (Override?) throws -> Instance
    ) throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(
            maker: storage == .weak ? "weakShared { … }" : "shared { … }", isAsync: false)
        let stack = ResolutionStack.current
        try stack.push(frame)
        defer { stack.pop() }
        while true {
            let mine = Construction(builder: stack.agent, frame: frame)
            let claim: Claim = try mine.gate.withLock { _ throws(StrataError) in
                // Finished before the gate opens, so no cycle check follows a waiter that
                // is waking.
                defer { mine.finish() }
                let claim = self.claim(frame, isAsync: false) { _ in mine }
                guard case .claimed(_, let override) = claim else { return claim }
                let instance: Instance
                do {
                    instance = try make(override)
                } catch {
                    abandon(frame.key, mine)
                    throw wrap(error, frame)
                }
                switch try settle(instance, for: frame, from: mine, storage: storage) {
                case .kept, .dropped: break
                case .passedOn: mine.passOn(instance)
                }
                return .found(instance)
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

    /// Claims `frame`'s entry for the construction `start` makes from the override, unless an
    /// instance is stored or a construction of the same kind is in flight.
    ///
    /// A construction of the other kind in flight (a task's, found by a thread, or the reverse)
    /// is not waited for: the new claim replaces it, and the one replaced finds its claim
    /// dropped when it stores. A thread never blocks on a task, which may need that thread.
    func claim(
        _ frame: Frame, isAsync: Bool, start: (Override?) -> Construction
    ) -> Claim {
        state.withLock { state in
            guard isActive else { return .ended }
            if let entry = state.entries[frame.key] {
                if let instance = entry.instance { return .found(instance) }
                if case .building(let other) = entry.slot, other.isAsync == isAsync {
                    return .wait(other)
                }
            }
            let override = state.side?.overrides.override(for: frame.key)
            let construction = start(override)
            state.entries[frame.key] = Entry(.building(construction), name: frame.site.name)
            return .claimed(construction, override)
        }
    }

    /// Gives up `construction`'s claim on `key`, if it still holds it.
    ///
    /// - Returns: `nil` when the scope has ended; otherwise the instance the entry holds, if
    ///   any (one stored by whoever claimed after an override or a reset).
    @discardableResult
    func abandon(_ key: ProviderKey, _ construction: Construction) -> Instance?? {
        state.withLock { state in
            if case .building(let current)? = state.entries[key]?.slot, current === construction {
                state.entries[key] = nil
                return isActive ? .some(nil) : nil
            }
            return isActive ? .some(state.entries[key]?.instance) : nil
        }
    }

    /// Stores what `construction` made, as `storage` says, if it still holds the entry.
    ///
    /// - Throws: ``StrataError/ended(provider:)`` when the scope has ended.
    func settle(
        _ instance: Instance, for frame: Frame, from construction: Construction, storage: Storage
    ) throws(StrataError) -> Settled {
        let keeps = storage.keeps(instance)
        let settled: Settled? = state.withLock { state in
            guard isActive else { return nil }
            // An override or a reset dropped the claim while the factory ran: whoever waited
            // claims again.
            guard case .building(let current)? = state.entries[frame.key]?.slot,
                current === construction
            else { return .dropped(current: state.entries[frame.key]?.instance) }
            guard keeps else {
                state.entries[frame.key] = nil
                return .passedOn
            }
            var entry: Entry
            switch storage {
            case .weak:
                entry = Entry(.weak, name: frame.site.name)
                // A weakShared instance is the object itself, never boxed.
                entry.object = instance.object
            case .strong, .strongUnlessNil:
                entry = Entry(.instance(instance), name: frame.site.name)
            }
            entry.order = state.nextOrder()
            state.entries.store(entry, for: frame.key)
            return .kept
        }
        guard let settled else { throw .ended(provider: frame.provider) }
        if case .kept = settled { trace(.made(frame.provider, instanceType: instance.typeName)) }
        return settled
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
