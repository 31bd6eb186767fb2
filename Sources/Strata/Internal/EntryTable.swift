/// What a container keeps for one provider.
///
/// A plain value: every field is a reference or a number, so the table moves and copies an
/// entry without calling into the runtime. (A `weak` field would make every move and copy
/// of an entry, and of the table whose first entry is inline, a runtime call: the weak
/// reference of a `weakShared` instance lives in a ``WeakReference`` of its own.)
struct Entry {
    enum Slot {
        /// A `shared` instance, held strongly.
        case instance(Instance)
        /// A `weakShared` instance, held weakly.
        ///
        /// A `shared` instance is never held weakly: a weak reference gives an object a side
        /// table, which costs memory and sends every later retain and release of the object —
        /// in Strata and in the app — down the runtime's slow path; the survivors report forms
        /// its weak references at the end instead.
        case weak(WeakReference)
        /// Being built, by a thread (others wait on its gate) or by a task (others await it).
        case building(Construction)
        /// Nothing: the inline entry of a table that has none, or a hole left in the slots by
        /// a removed entry.
        case vacant
    }

    /// The provider's name is not kept here: its key holds it (``ProviderKey/providerSite``).
    var slot: Slot
    /// When the instance was made, among the container's instances and hooks: end hooks
    /// run in the reverse of this order.
    var order = 0

    init(_ slot: Slot) {
        self.slot = slot
    }

    /// The stored instance, if there is one and it is alive.
    var instance: Instance? {
        switch slot {
        case .instance(let instance): instance
        case .weak(let reference): reference.object.map(Instance.init)
        case .building, .vacant: nil
        }
    }
}

/// A container's providers by key.
///
/// The first entry lives inline, since most containers of the short-lived tiers hold one or
/// two instances; the others go to an ``Overflow``, made with the second entry, so a table of
/// one entry carries one `nil` reference instead of three empty collections. The inline key
/// and entry are separate plain fields, not an optional tuple: the lookup every cached
/// resolution makes then compares and reads them in place, where an optional tuple was copied
/// whole through the runtime.
///
/// A made instance is stored through ``store(_:for:)``, which appends it to the overflow's
/// slots: they hold the instances in the order they were made, so `end()` walks them
/// backwards, merged with the inline entry, in linear time and without hashing or sorting
/// (see `next(_:)`).
struct EntryTable {
    private var firstKey = ProviderKey.unused
    private var firstEntry = Entry(.vacant)
    /// The entries after the first; `nil` until there is a second.
    private var overflow: Overflow?
    /// Last, so that a scope's one-byte fields can follow it in its padding.
    private var hasFirst = false

    subscript(key: ProviderKey) -> Entry? {
        get {
            if hasFirst, firstKey == key { return firstEntry }
            return overflow?.entry(for: key)
        }
        set {
            if hasFirst, firstKey == key {
                if let newValue { firstEntry = newValue } else { clearFirst() }
            } else if let position = overflow?.positions[key] {
                let overflow = uniqueOverflow()
                if let newValue {
                    overflow.slots[position] = newValue
                } else {
                    overflow.positions[key] = nil
                    overflow.makeHole(at: position)
                }
            } else if let newValue {
                if hasFirst {
                    uniqueOverflow().append(newValue, for: key)
                } else {
                    (hasFirst, firstKey, firstEntry) = (true, key, newValue)
                }
            }
        }
    }

    /// The stored instance for `key`: the lookup every cached resolution makes.
    func instance(for key: ProviderKey) -> Instance? {
        if hasFirst, firstKey == key { return firstEntry.instance }
        return overflow?.entry(for: key)?.instance
    }

    /// Whether `key`'s entry is `construction`'s claim, read in place.
    func isBuilding(_ key: ProviderKey, by construction: Construction) -> Bool {
        func holds(_ entry: Entry) -> Bool {
            guard case .building(let current) = entry.slot else { return false }
            return current === construction
        }
        if hasFirst, firstKey == key { return holds(firstEntry) }
        return overflow?.entry(for: key).map(holds) ?? false
    }

    /// Stores a made instance's entry, after every instance stored before it.
    ///
    /// Every instance is stored through here, with `entry.order` already set from
    /// `State.nextOrder()`, so the made instances in the overflow's slots are sorted by order.
    mutating func store(_ entry: Entry, for key: ProviderKey) {
        if hasFirst, firstKey == key {
            firstEntry = entry
        } else if let position = overflow?.positions[key] {
            let overflow = uniqueOverflow()
            if position == overflow.slots.endIndex - 1 {
                overflow.slots[position] = entry
            } else {
                overflow.positions[key] = nil
                overflow.makeHole(at: position)
                overflow.append(entry, for: key)
            }
        } else {
            self[key] = entry
        }
    }

    /// Empties the table and returns what it held, moved rather than copied entry by entry.
    mutating func removeAll() -> EntryTable {
        var taken = EntryTable()
        swap(&taken, &self)
        return taken
    }

    private mutating func clearFirst() {
        (hasFirst, firstKey, firstEntry) = (false, .unused, Entry(.vacant))
    }

    /// The overflow, made now if there is none, and copied first if a copy of the table
    /// shares it (a published snapshot, a table being walked): tables are values.
    private mutating func uniqueOverflow() -> Overflow {
        if overflow == nil { overflow = Overflow() }
        if !isKnownUniquelyReferenced(&overflow) { overflow = Overflow(copying: overflow!) }
        return overflow!
    }
}

/// The entries of a table after its first, made instances in the order they were stored, and
/// where each key's is.
///
/// Only an ``EntryTable`` writes it, and only once it holds the only reference: a copy of
/// the table shares it until then. So no two accesses to its fields can overlap, and they are
/// not checked at run time: a checked field cost every lookup of a table's later entries two
/// runtime calls, about 20 ns of a cached resolution.
final class Overflow {
    /// The entries' positions in `slots`.
    @exclusivity(unchecked) var positions: [ProviderKey: Int] = [:]
    /// The entries, made instances in the order they were stored.
    ///
    /// A removed or re-stored entry leaves a hole (a vacant entry, under the key `.unused`),
    /// compacted away when holes outnumber entries.
    @exclusivity(unchecked) var slots: [Entry] = []
    /// The key of each slot, apart, so that a lookup reads the entry alone.
    @exclusivity(unchecked) var slotKeys: [ProviderKey] = []

    init() {}

    init(copying other: Overflow) {
        positions = other.positions
        slots = other.slots
        slotKeys = other.slotKeys
    }

    /// The entry for `key`, if it has one here.
    func entry(for key: ProviderKey) -> Entry? {
        guard let position = positions[key] else { return nil }
        return slots[position]
    }

    func append(_ entry: Entry, for key: ProviderKey) {
        positions[key] = slots.endIndex
        slots.append(entry)
        slotKeys.append(key)
    }

    /// Drops the entry at `position`, whose key is no longer in `positions`; compacts the
    /// slots when holes outnumber entries, so a container reset many times does not grow.
    func makeHole(at position: Int) {
        slots[position] = Entry(.vacant)
        slotKeys[position] = .unused
        // Each slot is either a hole or an entry whose key is in `positions`.
        let holes = slots.count - positions.count
        guard holes >= 16, holes * 2 >= slots.count else { return }
        var kept = 0
        for position in slots.indices where slotKeys[position] != .unused {
            slots.swapAt(kept, position)
            slotKeys.swapAt(kept, position)
            positions[slotKeys[kept]] = kept
            kept += 1
        }
        slots.removeLast(slots.count - kept)
        slotKeys.removeLast(slotKeys.count - kept)
    }
}

extension EntryTable: Sequence {
    /// Walks the entries in place, without copying them into an array first.
    struct Iterator: IteratorProtocol {
        fileprivate var first: (key: ProviderKey, entry: Entry)?
        fileprivate var rest: Zip2Sequence<[ProviderKey], [Entry]>.Iterator

        mutating func next() -> (key: ProviderKey, entry: Entry)? {
            if let first {
                self.first = nil
                return first
            }
            while let (key, entry) = rest.next() {
                if key != .unused { return (key, entry) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator {
        Iterator(
            first: hasFirst ? (firstKey, firstEntry) : nil,
            rest: zip(overflow?.slotKeys ?? [], overflow?.slots ?? []).makeIterator())
    }

    var underestimatedCount: Int { (hasFirst ? 1 : 0) + (overflow?.positions.count ?? 0) }
}

extension EntryTable {
    /// A place in a newest-first walk of the stored instances.
    struct NewestCursor {
        /// Whether the inline entry is still to be given.
        fileprivate var firstLeft = true
        /// The slots at and after this index were given or skipped.
        fileprivate var index: Int
    }

    /// A stored instance, as the end walks it.
    struct Stored {
        let order: Int
        let instance: Instance
        let site: ProviderSite
    }

    /// A cursor at the newest stored instance.
    var newestCursor: NewestCursor { NewestCursor(index: overflow?.slots.endIndex ?? 0) }

    /// The newest stored instance that `cursor` has not given yet; moves `cursor` past it.
    ///
    /// Reads the table in place: the inline entry merged into the slots read backwards.
    /// Holes and entries being built are left out, and so are `weakShared` instances that
    /// died.
    func next(_ cursor: inout NewestCursor) -> Stored? {
        while let position = nextPosition(&cursor) {
            if let stored = stored(at: position) { return stored }
        }
        return nil
    }

    /// Gives the stored instances newest first, as ``next(_:)`` does, moving each out of the
    /// table rather than copying it: for a table taken out at the end, which lets go of them
    /// with no count taken and dropped for each on the way.
    mutating func takeNext(_ cursor: inout NewestCursor) -> Stored? {
        while let position = nextPosition(&cursor) {
            if let stored = take(at: position) { return stored }
        }
        return nil
    }

    /// Where a stored instance sits: the inline entry, or a slot of the overflow.
    private enum Position {
        case first
        case slot(Int)
    }

    /// The place of the newest stored entry `cursor` has not passed; moves `cursor` past it.
    private func nextPosition(_ cursor: inout NewestCursor) -> Position? {
        var slotOrder = 0
        if let overflow {
            while cursor.index > 0 {
                let entry = overflow.slots[cursor.index - 1]
                // A hole is vacant, never stored.
                if entry.isStored, entry.order > 0 {
                    slotOrder = entry.order
                    break
                }
                cursor.index -= 1
            }
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
        switch position {
        case .first:
            return firstEntry.instance.map {
                Stored(order: firstEntry.order, instance: $0, site: firstKey.providerSite)
            }
        case .slot(let index):
            guard let overflow else { return nil }
            let entry = overflow.slots[index]
            let site = overflow.slotKeys[index].providerSite
            return entry.instance.map { Stored(order: entry.order, instance: $0, site: site) }
        }
    }

    /// The instance at `position`, if alive, moved out: its entry is left vacant.
    private mutating func take(at position: Position) -> Stored? {
        var entry = Entry(.vacant)
        let site: ProviderSite
        switch position {
        case .first:
            swap(&entry, &firstEntry)
            site = firstKey.providerSite
        case .slot(let index):
            let overflow = uniqueOverflow()
            swap(&entry, &overflow.slots[index])
            site = overflow.slotKeys[index].providerSite
        }
        return entry.instance.map { Stored(order: entry.order, instance: $0, site: site) }
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
        guard let overflow else { return true }
        return overflow.slots.indices.allSatisfy { check(overflow.slots[$0]) }
    }

    /// A construction in flight in a task, as the end cancels it.
    struct AsyncBuild {
        let task: Task<Instance, any Error>
    }

    /// Calls `body` with each construction in flight in a task, read in place.
    func forEachAsyncBuild(_ body: (AsyncBuild) -> Void) {
        if hasFirst, case .building(let build) = firstEntry.slot, let task = build.task {
            body(AsyncBuild(task: task))
        }
        for entry in overflow?.slots ?? [] {
            if case .building(let build) = entry.slot, let task = build.task {
                body(AsyncBuild(task: task))
            }
        }
    }
}

extension Entry {
    /// Whether the entry holds a made instance, not a construction in flight.
    fileprivate var isStored: Bool {
        switch slot {
        case .instance, .weak: true
        case .building, .vacant: false
        }
    }
}
