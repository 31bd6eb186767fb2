extension ResolutionStack {
    /// A construction for this thread's next claim: the spare, reopened, or a new one.
    ///
    /// Kept for the README's "heap allocations per child lifecycle" line: a child's first
    /// resolution claims its entry, and without a spare that claim allocates, 5 allocations
    /// per lifecycle against the floor's 3 (1.67×, over the 1.5× target) instead of 4
    /// (1.33×). It also spares `Observed.withValue` and each delivery an allocation.
    ///
    /// One spare, not one per level: a first resolution nested in a factory's allocates,
    /// as the outer claim still holds the spare. A stack of spares cost every child
    /// lifecycle 112 instructions more (callgrind, `strata-bench --smoke --filter
    /// interaction`) and moves no README line.
    package func takeConstruction() -> Construction {
        guard let spare = spare.take() else { return Construction(builder: agent) }
        spare.reopen()
        return spare
    }

    /// Keeps `construction` as the spare if nothing else refers to it any more — no entry
    /// holds its claim, no waiter or record of the wait graph, no delivery — and no spare is
    /// kept yet (a nested resolution gave one back first).
    package func giveBack(_ construction: inout Construction) {
        guard spare == nil, isKnownUniquelyReferenced(&construction) else { return }
        spare = construction
    }
}
