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
        return endDetached(&detached)
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
        return (changed.result, endDetached(&changed.detached))
    }

    /// Ends the instances of entries taken out of the table, newest first, by the rules of
    /// `end()`; releases them; and reports those still alive to the tree's report handler.
    ///
    /// - Parameter detached: The entries; emptied here, so that nothing else holds them when
    ///   the survivors are looked for.
    /// - Returns: The report: empty when no entry held an instance.
    func endDetached(_ detached: inout [ScopeState.Detached]) -> EndReport {
        // Detached in table order, which is no order: sort them newest first. There are few.
        detached.sort { $0.entry.order > $1.entry.order }
        var steps: [EndStep] = []
        for (key, entry) in detached {
            guard let step = Self.instanceStep(key, entry) else { continue }
            steps.append(step)
        }
        detached.removeAll()
        var report = EndReport()
        guard !steps.isEmpty else { return report }
        let name = containerName
        let container = name.description
        let tracer = self.tracer
        var watched = Watches()
        for step in steps {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            start(pending, in: container, tracer: tracer, into: &report)
        }
        steps.removeAll()
        let remaining = watched.letGo()
        report.classify { alive(remaining, in: name, site: nil) }
        root.endReportHandler?(report)
        return report
    }
}
