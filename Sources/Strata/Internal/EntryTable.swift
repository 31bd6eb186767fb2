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
    /// The instance as an object, held weakly: the survivors report follows it after the
    /// release, and a `weakShared` entry is this reference alone.
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
/// The first entry lives inline, since most containers of the short-lived tiers hold one or two
/// instances; the others go to a dictionary.
struct EntryTable {
    private var first: (key: ProviderKey, entry: Entry)?
    private var rest: [ProviderKey: Entry] = [:]

    subscript(key: ProviderKey) -> Entry? {
        get {
            if let first, first.key == key { return first.entry }
            return rest.isEmpty ? nil : rest[key]
        }
        set {
            if let current = first, current.key == key {
                first = newValue.map { (key, $0) }
            } else if first == nil, rest[key] == nil {
                first = newValue.map { (key, $0) }
            } else {
                rest[key] = newValue
            }
        }
    }

    /// The stored instance for `key`: the lookup every cached resolution makes, reading the
    /// slot in place rather than copying the entry (and its weak reference).
    func instance(for key: ProviderKey) -> Instance? {
        if first?.key == key { return first?.entry.instance }
        return rest.isEmpty ? nil : rest[key]?.instance
    }

    /// Every entry with its key.
    var all: [(key: ProviderKey, entry: Entry)] {
        (first.map { [$0] } ?? []) + rest.map { (key: $0.key, entry: $0.value) }
    }

    /// Empties the table and returns what it held.
    mutating func removeAll() -> [(key: ProviderKey, entry: Entry)] {
        defer {
            first = nil
            rest = [:]
        }
        return all
    }
}
