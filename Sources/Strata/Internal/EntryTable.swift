/// What a container keeps for one provider.
struct Entry {
    enum Slot {
        /// A `shared` instance, held strongly.
        case instance(Instance)
        /// A `weakShared` instance, held only by ``Entry/object``.
        case weak
        /// Being built by a thread; others wait on its gate.
        case building(InFlight)
        /// Being built by a task; others await it.
        case buildingAsync(AsyncInFlight)
    }

    var slot: Slot
    /// The provider's name, for trees, traces and reports.
    let name: StaticString
    /// When the instance was made, among the container's instances and hooks: end hooks
    /// run in the reverse of this order.
    var order = 0
    /// The instance of a `weakShared` entry, held weakly; `nil` for every other slot.
    ///
    /// A `shared` instance is held by its slot alone. A weak reference gives an object a side
    /// table, which costs memory and sends every later retain and release of the object —
    /// in Strata and in the app — down the runtime's slow path; the survivors report forms
    /// its weak references at the end instead.
    weak var object: AnyObject?

    init(_ slot: Slot, name: StaticString) {
        self.slot = slot
        self.name = name
    }

    /// The stored instance, if there is one and it is alive.
    var instance: Instance? {
        switch slot {
        case .instance(let instance): instance
        case .weak: object.map(Instance.init)
        case .building, .buildingAsync: nil
        }
    }
}

/// A container's providers by key.
///
/// The first entry lives inline, since most containers of the short-lived tiers hold one or
/// two instances; the others go to a dictionary. The inline key and entry are separate plain
/// fields, not an optional tuple: the lookup every cached resolution makes then compares and
/// reads them in place, where an optional tuple was copied whole through the runtime.
///
/// The instances stored in the dictionary are also logged in the order they were stored,
/// so that `end()` walks them newest first without sorting (see `next(_:)`). The inline
/// entry is not logged: a container with one instance keeps no log at all.
struct EntryTable {
    private var hasFirst = false
    private var firstKey = ProviderKey.unused
    private var firstEntry = Entry(.weak, name: "")
    private var rest: [ProviderKey: Entry] = [:]
    /// The keys of the instances stored in `rest`, with their order, oldest first.
    ///
    /// A record is stale once its key was reset, overridden or stored again: the entry is
    /// gone, or holds another order. Stale records are skipped, and compacted away when
    /// they outnumber the live ones.
    private var log: [(key: ProviderKey, order: Int)] = []

    subscript(key: ProviderKey) -> Entry? {
        get {
            if hasFirst, firstKey == key { return firstEntry }
            return rest.isEmpty ? nil : rest[key]
        }
        set {
            if hasFirst, firstKey == key {
                if let newValue { firstEntry = newValue } else { clearFirst() }
            } else if !hasFirst, rest[key] == nil {
                guard let newValue else { return }
                (hasFirst, firstKey, firstEntry) = (true, key, newValue)
            } else {
                rest[key] = newValue
            }
        }
    }

    /// The stored instance for `key`: the lookup every cached resolution makes.
    func instance(for key: ProviderKey) -> Instance? {
        if hasFirst, firstKey == key { return firstEntry.instance }
        return rest.isEmpty ? nil : rest[key]?.instance
    }

    /// Stores a made instance's entry, and logs it in creation order.
    ///
    /// Every instance is stored through here, with `entry.order` already set from
    /// `State.nextOrder()`, so the log is sorted by order.
    mutating func store(_ entry: Entry, for key: ProviderKey) {
        self[key] = entry
        guard !(hasFirst && firstKey == key) else { return }
        if log.count >= 16, log.count >= 2 * rest.count {
            log.removeAll { rest[$0.key]?.order != $0.order }
        }
        log.append((key, entry.order))
    }

    /// Empties the table and returns what it held, moved rather than copied entry by entry.
    mutating func removeAll() -> EntryTable {
        defer { self = EntryTable() }
        return self
    }

    private mutating func clearFirst() {
        (hasFirst, firstKey, firstEntry) = (false, .unused, Entry(.weak, name: ""))
    }
}

extension EntryTable: Sequence {
    /// Walks the entries in place, without copying them into an array first.
    struct Iterator: IteratorProtocol {
        fileprivate var first: (key: ProviderKey, entry: Entry)?
        fileprivate var rest: Dictionary<ProviderKey, Entry>.Iterator

        mutating func next() -> (key: ProviderKey, entry: Entry)? {
            if let first {
                self.first = nil
                return first
            }
            return rest.next().map { (key: $0.key, entry: $0.value) }
        }
    }

    func makeIterator() -> Iterator {
        Iterator(first: hasFirst ? (firstKey, firstEntry) : nil, rest: rest.makeIterator())
    }

    var underestimatedCount: Int { (hasFirst ? 1 : 0) + rest.count }
}

extension EntryTable {
    /// A place in a newest-first walk of the stored instances.
    struct NewestCursor {
        /// Whether the inline entry is still to be given.
        fileprivate var firstLeft = true
        /// The log records at and after this index were given or skipped.
        fileprivate var index: Int
    }

    /// A stored instance, as the end walks it.
    struct Stored {
        let order: Int
        let instance: Instance
        let site: ProviderSite
    }

    /// A cursor at the newest stored instance.
    var newestCursor: NewestCursor { NewestCursor(index: log.endIndex) }

    /// The newest stored instance that `cursor` has not given yet; moves `cursor` past it.
    ///
    /// Reads the table in place: the inline entry merged into the log read backwards.
    /// Entries being built are left out, and so are stale log records and `weakShared`
    /// instances that died.
    func next(_ cursor: inout NewestCursor) -> Stored? {
        while true {
            var logged: Dictionary<ProviderKey, Entry>.Index?
            var loggedOrder = 0
            while cursor.index > log.startIndex {
                let record = log[cursor.index - 1]
                if let place = rest.index(forKey: record.key),
                    rest.values[place].order == record.order,
                    rest.values[place].isStored
                {
                    (logged, loggedOrder) = (place, record.order)
                    break
                }
                cursor.index -= 1
            }
            if cursor.firstLeft, hasFirst, firstEntry.isStored, firstEntry.order > loggedOrder {
                cursor.firstLeft = false
                guard let instance = firstEntry.instance else { continue }
                return Stored(
                    order: firstEntry.order, instance: instance,
                    site: ProviderSite(name: firstEntry.name, argument: firstKey.argument))
            }
            guard let logged else { return nil }
            cursor.index -= 1
            guard let instance = rest.values[logged].instance else { continue }
            return Stored(
                order: loggedOrder, instance: instance,
                site: ProviderSite(
                    name: rest.values[logged].name, argument: rest.keys[logged].argument))
        }
    }

    /// Calls `body` with each construction in flight in a task, read in place.
    func forEachAsyncBuild(_ body: (AsyncInFlight) -> Void) {
        if hasFirst, case .buildingAsync(let inFlight) = firstEntry.slot { body(inFlight) }
        for entry in rest.values {
            if case .buildingAsync(let inFlight) = entry.slot { body(inFlight) }
        }
    }
}

extension Entry {
    /// Whether the entry holds a made instance, not a construction in flight.
    fileprivate var isStored: Bool {
        switch slot {
        case .instance, .weak: true
        case .building, .buildingAsync: false
        }
    }
}
