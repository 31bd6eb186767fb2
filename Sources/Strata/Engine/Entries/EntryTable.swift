/// A container's providers by key.
///
/// The first entry lives inline, since most containers of the short-lived tiers hold one or
/// two instances; the others are ``LaterEntries``, two arrays that stay empty, and
/// allocate nothing, until there is a second entry. The inline key and entry are separate
/// plain fields, not an optional tuple: the lookup every cached resolution makes then
/// compares and reads them in place, where an optional tuple was copied whole through the
/// runtime.
///
/// A later entry is found by comparing the keys of a few, or through the same short probe
/// of a hash index once there are more, so a cached read costs about the same wherever its
/// entry sits and however many the table holds.
///
/// A made instance is stored through ``store(_:for:)``, which appends it to the later
/// entries: they hold the instances in the order they were made, so `end()` walks them
/// backwards, merged with the inline entry, in linear time and without hashing or sorting
/// (see `EntryTable+Walk.swift`).
///
/// Everything is a value, and the arrays are copied on write: a copy of the table (a
/// published snapshot, a table being walked) keeps what it held when the original changes.
package struct EntryTable {
    private(set) var firstKey = ProviderKey.unused
    fileprivate(set) var firstEntry = Entry(.vacant)
    /// The entries after the first.
    package internal(set) var later = LaterEntries()
    /// Last, so that a scope's one-byte fields can follow it in its padding.
    private(set) var hasFirst = false

    package init() {}

    package subscript(key: ProviderKey) -> Entry? {
        get {
            if hasFirst, firstKey == key { return firstEntry }
            return later.entry(for: key)
        }
        set {
            if hasFirst, firstKey == key {
                if let newValue { firstEntry = newValue } else { clearFirst() }
            } else if let position = later.position(of: key) {
                if let newValue {
                    later.replace(at: position, with: newValue)
                } else {
                    later.remove(at: position)
                }
            } else if let newValue {
                if hasFirst {
                    later.append(newValue, for: key)
                } else {
                    (hasFirst, firstKey, firstEntry) = (true, key, newValue)
                }
            }
        }
    }

    /// The stored instance for `key`: the lookup every cached resolution makes.
    package func instance(for key: ProviderKey) -> Instance? {
        if hasFirst, firstKey == key { return firstEntry.instance }
        return later.entry(for: key)?.instance
    }

    /// Claims `key`'s entry for `construction`, unless it holds an instance or a
    /// construction of the same kind.
    ///
    /// One search of the table for the claim every first resolution makes, which searched
    /// once to read the entry and once more to write it: for Benchmarks/README.md's "request"
    /// lines.
    ///
    /// - Returns: What the caller gets instead of the claim; `nil` when the claim is made.
    mutating func claim(
        _ key: ProviderKey, by construction: Construction
    ) -> ScopeState.Claim? {
        let claim = Entry(.building(construction))
        if hasFirst, firstKey == key {
            if let found = Self.blocking(firstEntry, construction) { return found }
            firstEntry = claim
        } else if let position = later.position(of: key) {
            if let found = Self.blocking(later.slots[position].entry, construction) {
                return found
            }
            later.replace(at: position, with: claim)
        } else if hasFirst {
            later.append(claim, for: key)
        } else {
            (hasFirst, firstKey, firstEntry) = (true, key, claim)
        }
        return nil
    }

    /// What keeps `construction` from claiming `entry`: its instance, or a construction of the
    /// same kind in flight.
    ///
    /// One of the other kind is replaced: a thread never waits on a task.
    private static func blocking(
        _ entry: Entry, _ construction: Construction
    ) -> ScopeState.Claim? {
        if let instance = entry.instance { return .found(instance) }
        if case .building(let other) = entry.slot, other.isAsync == construction.isAsync {
            return .wait(other)
        }
        return nil
    }

    /// Whether `key`'s entry is `construction`'s claim, read in place.
    func isBuilding(_ key: ProviderKey, by construction: Construction) -> Bool {
        guard case .building(let current)? = self[key]?.slot else { return false }
        return current === construction
    }

    /// Stores a made instance's entry, after every instance stored before it.
    ///
    /// Every instance is stored through here, with `entry.order` already set from
    /// `State.nextOrder()`, so the made instances in the later entries are sorted by order.
    package mutating func store(_ entry: Entry, for key: ProviderKey) {
        if hasFirst, firstKey == key {
            firstEntry = entry
        } else if let position = later.position(of: key) {
            if position == later.slots.endIndex - 1 {
                later.replace(at: position, with: entry)
            } else {
                later.remove(at: position)
                later.append(entry, for: key)
            }
        } else {
            self[key] = entry
        }
    }

    /// How many entries the table holds.
    package var count: Int { (hasFirst ? 1 : 0) + later.count }

    /// Empties the table and returns what it held, moved rather than copied entry by entry.
    package mutating func removeAll() -> EntryTable {
        var taken = EntryTable()
        swap(&taken, &self)
        return taken
    }

    private mutating func clearFirst() {
        (hasFirst, firstKey, firstEntry) = (false, .unused, Entry(.vacant))
    }

    /// Moves the inline entry out, leaving it vacant: for the end's walk.
    mutating func takeFirst() -> Entry {
        var entry = Entry(.vacant)
        swap(&entry, &firstEntry)
        return entry
    }
}

extension EntryTable: Sequence {
    /// Walks the entries in place, without copying them into an array first.
    package struct Iterator: IteratorProtocol {
        fileprivate var first: (key: ProviderKey, entry: Entry)?
        fileprivate var rest: IndexingIterator<[LaterEntries.Slot]>

        package mutating func next() -> (key: ProviderKey, entry: Entry)? {
            if let first {
                self.first = nil
                return first
            }
            while let slot = rest.next() {
                if !slot.isHole { return (slot.key, slot.entry) }
            }
            return nil
        }
    }

    package func makeIterator() -> Iterator {
        Iterator(
            first: hasFirst ? (firstKey, firstEntry) : nil, rest: later.slots.makeIterator())
    }

    package var underestimatedCount: Int { count }
}
