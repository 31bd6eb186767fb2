// How a core changes what its providers build: an instance ended on request, and the
// override table's transitions.

extension ScopeCore {
    /// Drops what the container keeps for `key`, and ends the instance now, as `end()` ends
    /// each of its instances.
    ///
    /// A construction in flight is dropped, not ended: what it builds goes to the caller that
    /// started it and is not stored, and whoever waited for it builds anew. A scope that is
    /// not active has nothing to reset.
    ///
    /// - Parameters:
    ///   - key: What to drop.
    ///   - site: Where `endCachedInstance()` was called, for a leak report.
    /// - Returns: The report of the instance's end, also handed to the tree's report handler;
    ///   empty when nothing was stored.
    func reset(_ key: ProviderKey, at site: SourceSite) -> EndReport {
        var detached = transition { $0.detach(key) }
        return EndSequence(self).endTakenOut(&detached, by: "endCachedInstance()", at: site)
    }

    /// Applies `update` to the override table, then resets every instance built from an
    /// override that is no longer in force: the next resolution builds from the new one.
    ///
    /// Ignored when the scope is not active.
    ///
    /// - Returns: What `update` returned, `nil` when the scope is not active, and the
    ///   report of the instances it ended.
    func changeOverrides<Result>(
        _ update: (inout OverrideTable) -> (Result, OverrideTable.Change)
    ) -> (result: Result?, report: EndReport) {
        guard var changed = transition({ $0.changeOverrides(update) }) else {
            return (nil, EndReport())
        }
        // Released outside the lock: a factory's captures may call back into Strata.
        changed.change.dropped.removeAll()
        let report = EndSequence(self).endTakenOut(
            &changed.detached, by: "a change of its provider's override")
        return (changed.result, report)
    }
}

extension ScopeCore {
    /// Where an override of what `key` names goes: its argument when it has one, else its
    /// declaration.
    ///
    /// A key without an argument has only its declaration: providers declared in one method
    /// without `shared(by:)` cannot be told apart.
    static func overrideTarget(_ key: ProviderKey) -> OverrideTarget {
        key.argument != nil ? .argument(key) : .declaration(key.declaration)
    }

    /// Installs `factory` as the unscoped override of `target`, in place of the unscoped one
    /// there was, and ends the instances built from what was in force.
    ///
    /// - Returns: The subscription whose `cancel()` removes exactly this override, as a
    ///   scoped layer is removed; inactive at once when the scope has ended, which takes no
    ///   override.
    func setOverride(_ factory: OverrideFactory, for target: OverrideTarget) -> Subscription {
        guard let layer = changeOverrides({ table in table.set(factory, for: target) }).result
        else { return Subscription(removal: {}, applies: { false }) }
        return Subscription(
            removal: { [weak self] in self?.removeOverride(layer, from: target) },
            applies: { [weak self] in
                self?.read { $0.side?.overrides.contains(layer, in: target) ?? false } ?? false
            })
    }

    /// Runs `body` with `factory` as a scoped override of `target`, then removes exactly
    /// that layer, whatever other layers came and went meanwhile.
    func withOverride<Result>(
        _ factory: OverrideFactory, for target: OverrideTarget,
        isolation: isolated (any Actor)?, _ body: () async throws -> Result
    ) async rethrows -> Result {
        let layer = pushOverride(factory, for: target)
        defer { removeOverride(layer, from: target) }
        return try await body()
    }

    /// Pushes a scoped layer; `nil` when the scope has ended, which takes no override.
    private func pushOverride(_ factory: OverrideFactory, for target: OverrideTarget) -> UInt64? {
        changeOverrides { table in table.push(factory, for: target) }.result
    }

    func removeOverride(_ layer: UInt64?, from target: OverrideTarget) {
        guard let layer else { return }
        _ = changeOverrides { table in ((), table.removeLayer(layer, from: target)) }
    }
}
