extension ScopeCore {
    /// Drops what the container keeps for `key`, and ends the instance now, as `end()` ends
    /// each of its instances.
    ///
    /// A construction in flight is dropped, not ended: what it builds goes to the caller that
    /// started it and is not stored, and whoever waited for it builds anew. A scope that is
    /// not active has nothing to reset.
    ///
    /// - Returns: The report of the instance's end, also handed to the tree's report handler;
    ///   empty when nothing was stored.
    func reset(_ key: ProviderKey) -> EndReport {
        var detached = transition { $0.detach(key) }
        return EndSequence(self).endTakenOut(&detached)
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
        return (changed.result, EndSequence(self).endTakenOut(&changed.detached))
    }
}
