extension EntryTable {
    /// A place in a newest-first walk of the stored instances.
    package struct NewestCursor {
        /// Whether the inline entry is still to be given.
        fileprivate var firstLeft = true
        /// The later entries' slots at and after this index were given or skipped.
        fileprivate var index: Int

        /// Whether every entry was given or skipped: ``next(_:)`` would find nothing.
        var isSpent: Bool { index == 0 && !firstLeft }
    }

    /// A stored instance, as the end walks it.
    package struct Stored {
        package let order: Int
        package let instance: Instance
        let site: ProviderSite
    }

    /// A cursor at the newest stored instance.
    package var newestCursor: NewestCursor { NewestCursor(index: later.slots.endIndex) }

    /// The newest stored instance that `cursor` has not given yet; moves `cursor` past it.
    ///
    /// Reads the table in place: the inline entry merged into the later entries read
    /// backwards. Holes and entries being built are left out, and so are `weakShared`
    /// instances that died.
    package func next(_ cursor: inout NewestCursor) -> Stored? {
        while let position = nextPosition(&cursor) {
            if let stored = stored(at: position) { return stored }
        }
        return nil
    }

    /// Gives the stored instances newest first, as ``next(_:)`` does, moving each out of the
    /// table rather than copying it: for a table taken out at the end, which lets go of them
    /// with no count taken and dropped for each on the way.
    package mutating func takeNext(_ cursor: inout NewestCursor) -> Stored? {
        while let position = nextPosition(&cursor) {
            if let stored = take(at: position) { return stored }
        }
        return nil
    }

    /// Where a stored instance sits: the inline entry, or a slot of the later entries.
    private enum Position {
        case first
        case slot(Int)
    }

    /// The place of the newest stored entry `cursor` has not passed; moves `cursor` past it.
    private func nextPosition(_ cursor: inout NewestCursor) -> Position? {
        var slotOrder = 0
        while cursor.index > 0 {
            let entry = later.slots[cursor.index - 1].entry
            // A hole is vacant, never stored.
            if entry.isStored, entry.order > 0 {
                slotOrder = entry.order
                break
            }
            cursor.index -= 1
        }
        if cursor.firstLeft, hasFirst, firstEntry.isStored, firstEntry.order > slotOrder {
            cursor.firstLeft = false
            return .first
        }
        guard slotOrder > 0 else { return nil }
        cursor.index -= 1
        return .slot(cursor.index)
    }

    /// The instance at `position`, if alive.
    private func stored(at position: Position) -> Stored? {
        let (entry, key) =
            switch position {
            case .first: (firstEntry, firstKey)
            case .slot(let index): (later.slots[index].entry, later.slots[index].key)
            }
        return entry.instance.map {
            Stored(order: entry.order, instance: $0, site: key.providerSite)
        }
    }

    /// The instance at `position`, if alive, moved out: its entry is left vacant.
    private mutating func take(at position: Position) -> Stored? {
        let entry: Entry
        let key: ProviderKey
        switch position {
        case .first:
            (entry, key) = (takeFirst(), firstKey)
        case .slot(let index):
            (entry, key) = (later.take(at: index), later.slots[index].key)
        }
        return entry.instance.map {
            Stored(order: entry.order, instance: $0, site: key.providerSite)
        }
    }

    /// Whether every entry is vacant or holds a strong instance that `accepts`: none is
    /// being built, and none is a `weakShared` instance.
    ///
    /// A weak instance is not loaded: under the scope's lock, the last reference to it might
    /// go while it is held, and its deinit would run under the lock.
    func allStrong(_ accepts: (Instance) -> Bool) -> Bool {
        func check(_ entry: Entry) -> Bool {
            switch entry.slot {
            case .vacant: true
            case .instance(let instance): accepts(instance)
            case .building, .weak: false
            }
        }
        if hasFirst, !check(firstEntry) { return false }
        return later.slots.allSatisfy { check($0.entry) }
    }

    /// Calls `body` with each async construction in flight, read in place: the end tells
    /// their waiters it has come.
    func forEachAsyncBuild(_ body: (Construction) -> Void) {
        if hasFirst, case .building(let build) = firstEntry.slot, build.isAsync { body(build) }
        for slot in later.slots {
            if case .building(let build) = slot.entry.slot, build.isAsync { body(build) }
        }
    }
}
