/// The claim engine's transitions: one claim on a provider's entry, settled by storing what
/// was built or abandoned, whether a thread or a task builds it.
///
/// ``ScopeCore/construct(_:retention:make:)`` and ``ScopeCore/constructAsync(_:retention:make:)``
/// are the two ways of waiting on a claim; these transitions are what both share.
extension ScopeState {
    /// What a caller found when it tried to claim a provider's entry.
    package enum Claim {
        /// An instance is stored.
        case found(Instance)
        /// Someone else is building it: wait on that construction.
        case wait(Construction)
        /// The caller's construction holds the entry now; build with this override, if any.
        case claimed(Override?)
        /// The scope has ended.
        case ended
    }

    /// What became of an instance a construction offered to store.
    package enum Settled {
        /// Stored: later resolutions find it.
        case kept
        /// Not kept, as the retention policy says (a `nil` of `sharedWhenPresent`): it goes to
        /// this construction's callers only.
        case passedOn
        /// The construction no longer held the entry (an override or a reset dropped it, or
        /// another waiter of the same task stored first); `current` is what the entry holds.
        case dropped(current: Instance?)
    }

    /// The stored instance for `key`, if there is one and the scope is active: the read every
    /// cached resolution makes.
    package func cachedInstance(_ key: ProviderKey) -> Instance? {
        serves ? entries.instance(for: key) : nil
    }

    /// Claims `frame`'s entry for `construction`, made by the shell before the lock, unless
    /// an instance is stored or a construction of the same kind is in flight.
    ///
    /// A construction of the other kind in flight (a task's, found by a thread, or the reverse)
    /// is not waited for: the new claim replaces it, and the one replaced finds its claim
    /// dropped when it settles. A thread never blocks on a task, which may need that thread.
    package mutating func claim(_ frame: Frame, with construction: Construction) -> Claim {
        guard serves else { return .ended }
        if let found = entries.claim(frame.key, by: construction) { return found }
        return .claimed(side?.overrides.override(for: frame.key))
    }

    /// Stores `instance`, as `retention` says, if `construction` still holds the entry.
    ///
    /// `keeps` is whether the retention policy keeps this instance (`retention.keeps`), decided
    /// before the lock.
    ///
    /// - Returns: What became of it; `nil` when the scope has ended.
    package mutating func settle(
        _ instance: Instance, for frame: Frame, from construction: Construction,
        retention: Retention, keeps: Bool
    ) -> Settled? {
        guard serves else { return nil }
        // An override or a reset dropped the claim while the factory ran: whoever waited
        // claims again.
        guard entries.isBuilding(frame.key, by: construction) else {
            return .dropped(current: entries.instance(for: frame.key))
        }
        guard keeps else {
            entries[frame.key] = nil
            return .passedOn
        }
        var entry: Entry
        switch retention {
        case .weak:
            // A weakShared instance is the object itself, never boxed.
            entry = Entry(.weak(WeakReference(instance.object)))
        case .strong, .strongUnlessNil:
            entry = Entry(.instance(instance))
        }
        entry.order = nextOrder()
        entries.store(entry, for: frame.key)
        return .kept
    }

    /// What a construction that gave up found in its entry.
    package enum Abandonment {
        /// Nothing is stored: the builder's error is what its callers get.
        case nothingStored
        /// Whoever claimed after an override or a reset stored this: the callers get it.
        case stored(Instance)
        /// The scope has ended.
        case ended
    }

    /// Gives up `construction`'s claim on `key`, if it still holds it.
    package mutating func abandon(_ key: ProviderKey, _ construction: Construction) -> Abandonment {
        if case .building(let current)? = entries[key]?.slot, current === construction {
            entries[key] = nil
            return serves ? .nothingStored : .ended
        }
        guard serves else { return .ended }
        return entries[key]?.instance.map { .stored($0) } ?? .nothingStored
    }

    /// An entry taken out of the table, to end outside the lock.
    typealias Detached = (key: ProviderKey, entry: Entry)

    /// Takes `key`'s entry out, to end its instance; nothing when the scope is not active.
    mutating func detach(_ key: ProviderKey) -> [Detached] {
        guard serves, let entry = entries[key] else { return [] }
        entries[key] = nil
        return [(key, entry)]
    }

    /// Applies `transition` to the override table, then takes out every entry built from an
    /// override that is no longer in force: the next resolution builds from the new one.
    ///
    /// - Returns: `nil` when the scope is not active; else what `transition` returned, what it
    ///   changed, and the entries taken out.
    mutating func changeOverrides<Result>(
        _ transition: (inout OverrideTable) -> (Result, OverrideTable.Change)
    ) -> (result: Result, change: OverrideTable.Change, detached: [Detached])? {
        guard serves else { return nil }
        let side = sideForWriting()
        let (result, change) = transition(&side.overrides)
        var detached: [Detached] = []
        for (key, entry) in entries
        where change.changed.contains(where: { $0.covers(key, in: side.overrides) }) {
            detached.append((key, entry))
        }
        for (key, _) in detached { entries[key] = nil }
        return (result, change, detached)
    }
}
