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
struct EntryTable {
    private var hasFirst = false
    private var firstKey = ProviderKey.unused
    private var firstEntry = Entry(.weak, name: "")
    private var rest: [ProviderKey: Entry] = [:]

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
