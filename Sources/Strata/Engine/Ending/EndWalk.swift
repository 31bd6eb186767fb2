/// The steps of an end, newest first: the hooks and the instances merged by their order of
/// creation.
///
/// Both are kept in creation order already — hooks are appended, instances logged as they
/// are stored — so walking both backwards together gives the end's order in linear time,
/// with no sort and no array of steps. The walk reads a copy of the table in place.
package struct EndWalk {
    /// Taken newest first, one at a time: the walk holds the only reference to their storage
    /// (``ScopeState/stopServing()`` moved them out), so taking one copies nothing.
    private var hooks: [ScopeState.Hook]
    private var entries: EntryTable
    private var cursor: EntryTable.NewestCursor
    /// The newest instance not ended yet, once read.
    private var pending: EntryTable.Stored?

    /// Takes the copies it is given, without copying them again.
    package init(hooks: consuming [ScopeState.Hook], entries: consuming EntryTable) {
        self.cursor = entries.newestCursor
        self.hooks = hooks
        self.entries = entries
    }

    /// How many instances the walk ends.
    var instanceCount: Int { entries.count }

    /// The next step; at the end, `nil`, and the walk lets go of what it held unless
    /// `lettingGo` is `false` (then whoever holds the walk drops it: the end runner does so
    /// outside its lock).
    package mutating func next(lettingGo: Bool = true) -> EndSequence.Step? {
        // Not asked again once spent: the steps after the last instance are hooks, one
        // call each, for the README's "8 async end hooks through withRequest" line.
        if pending == nil, !cursor.isSpent { pending = entries.next(&cursor) }
        let hookOrder = hooks.last?.order ?? 0
        if let stored = pending, stored.order > hookOrder {
            pending = nil
            return .instance(
                stored.instance, object: stored.instance.revealedObject, site: stored.site)
        }
        guard let hook = hooks.popLast() else {
            guard lettingGo else { return nil }
            // Let go now: what the scope held must be released before what is still alive is
            // looked for.
            entries = EntryTable()
            return nil
        }
        return .hook(hook.kind)
    }
}
