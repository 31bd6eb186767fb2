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
/// so that `end()` walks them newest first without sorting (see ``newestFirst``). The inline
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

    /// The stored entries, newest first: what `end()` walks.
    var newestFirst: NewestFirst {
        NewestFirst(
            first: hasFirst && firstEntry.isStored ? (firstKey, firstEntry) : nil, rest: rest,
            log: log)
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
    /// The entries of stored instances, newest first: the inline entry merged into the log
    /// read backwards.
    ///
    /// Entries being built are left out; so are stale log records. A `weakShared` entry whose
    /// object died is still given: whoever ends it checks ``Entry/instance``.
    struct NewestFirst: IteratorProtocol {
        fileprivate var first: (key: ProviderKey, entry: Entry)?
        fileprivate let rest: [ProviderKey: Entry]
        fileprivate let log: [(key: ProviderKey, order: Int)]
        fileprivate var index: Int
        /// The newest live logged entry not given yet, once found.
        private var logged: (key: ProviderKey, entry: Entry)?

        fileprivate init(
            first: (key: ProviderKey, entry: Entry)?, rest: [ProviderKey: Entry],
            log: [(key: ProviderKey, order: Int)]
        ) {
            self.first = first
            self.rest = rest
            self.log = log
            self.index = log.endIndex
        }

        mutating func next() -> (key: ProviderKey, entry: Entry)? {
            if logged == nil { logged = nextLogged() }
            if let first, first.entry.order > logged?.entry.order ?? 0 {
                self.first = nil
                return first
            }
            defer { logged = nil }
            return logged
        }

        private mutating func nextLogged() -> (key: ProviderKey, entry: Entry)? {
            while index > log.startIndex {
                index -= 1
                let record = log[index]
                if let entry = rest[record.key], entry.order == record.order, entry.isStored {
                    return (record.key, entry)
                }
            }
            return nil
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
