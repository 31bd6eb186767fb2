/// The entries of a table after its first: in the order they were stored, and found by key
/// one by one while there are at most four (``searchedInOrder``), then through an
/// open-addressed hash index.
///
/// An indexed lookup mixes three words the key already holds — the call site's address, its
/// line and name length (``ProviderKey/place``), and the value type — in two multiplies, and
/// probes the index linearly from there. The index has at least twice as many buckets as
/// there are slots, so a probe reads one or two buckets, whatever the entry's position or
/// the table's size. Only a `shared(by:)` key also hashes its argument.
///
/// A value of two arrays, copied on write, so it needs no exclusivity checks at run time:
/// the `Dictionary` keyed by the whole 32-byte key that this replaces hashed it with SipHash
/// on every read, and lived in an object whose checked fields cost a read two runtime calls.
package struct LaterEntries {
    /// An entry beside its key, so that a probe compares the key where it reads the entry.
    package struct Slot {
        var key: ProviderKey
        var entry: Entry

        /// A removed or re-stored entry leaves a hole, under the key `.unused`.
        var isHole: Bool { key.site == 0 }

        static var hole: Slot { Slot(key: .unused, entry: Entry(.vacant)) }
    }

    /// The entries, made instances in the order they were stored, and holes.
    ///
    /// The holes are compacted away when they outnumber the entries, so a container reset
    /// many times does not grow.
    private(set) var slots: [Slot] = []
    /// The index: for each bucket, the position in ``slots`` of an entry, or -1 when empty.
    ///
    /// A bucket whose slot has become a hole stays, so that a search passes on through it,
    /// until the index is rebuilt. The count is a power of two, at least twice the count of
    /// ``slots``, or zero.
    private var buckets: [Int32] = []
    /// How many of ``slots`` are holes.
    private var holes: Int32 = 0

    /// How many entries there are, holes left out.
    var count: Int { slots.count - Int(holes) }

    /// How many slots there are, holes included: for tests of the compaction.
    package var slotCount: Int { slots.count }

    /// How many buckets the index has: for tests of its growth.
    package var bucketCount: Int { buckets.count }

    /// The entry for `key`, if it has one here.
    @inline(__always)
    func entry(for key: ProviderKey) -> Entry? {
        guard let position = position(of: key) else { return nil }
        return slots[position].entry
    }

    /// Where `key`'s entry is in ``slots``.
    @inline(__always)
    func position(of key: ProviderKey) -> Int? {
        guard !buckets.isEmpty else { return slots.firstIndex { $0.key == key } }
        let mask = buckets.count - 1
        var bucket = key.bucketHash & mask
        while true {
            let position = Int(buckets[bucket])
            if position < 0 { return nil }
            if slots[position].key == key { return position }
            bucket = (bucket &+ 1) & mask
        }
    }

    mutating func replace(at position: Int, with entry: Entry) {
        slots[position].entry = entry
    }

    /// Moves the entry at `position` out, leaving it vacant under its key: for the end's walk.
    mutating func take(at position: Int) -> Entry {
        var entry = Entry(.vacant)
        swap(&entry, &slots[position].entry)
        return entry
    }

    /// Appends `entry` under `key`, which has none here.
    mutating func append(_ entry: Entry, for key: ProviderKey) {
        // Room for four from the first, so that a container of a few instances grows its
        // slots once, not at each: for the README's "request" lines.
        if slots.capacity == 0 { slots.reserveCapacity(4) }
        slots.append(Slot(key: key, entry: entry))
        if slots.count * 2 > buckets.count {
            rebuildIndex()
        } else {
            index(slots.endIndex - 1)
        }
    }

    /// Up to this many slots are searched one by one, with no index.
    ///
    /// A container of a few instances, a request's, then allocates no index and hashes no
    /// key: for Benchmarks/README.md's "request" lines.
    package static let searchedInOrder = 4

    /// Drops the entry at `position`; compacts the slots when holes outnumber entries.
    mutating func remove(at position: Int) {
        slots[position] = .hole
        holes += 1
        guard holes >= 16, holes * 2 >= slots.count else { return }
        slots.removeAll(where: \.isHole)
        holes = 0
        rebuildIndex()
    }

    /// Makes the index afresh, at twice the slots' count rounded up to a power of two, without
    /// the buckets of holes; none while the slots are searched in order.
    private mutating func rebuildIndex() {
        guard slots.count > Self.searchedInOrder else {
            buckets = []
            return
        }
        var capacity = 8
        while capacity < slots.count * 2 { capacity *= 2 }
        buckets = Array(repeating: -1, count: capacity)
        for position in slots.indices where !slots[position].isHole { index(position) }
    }

    /// Puts the slot at `position` in the first empty bucket of its search.
    private mutating func index(_ position: Int) {
        let mask = buckets.count - 1
        var bucket = slots[position].key.bucketHash & mask
        while buckets[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
        buckets[bucket] = Int32(truncatingIfNeeded: position)
    }
}

extension ProviderKey {
    /// Where a search for the key starts in an index: its site, place and type mixed by the
    /// finaliser of SplitMix64, and for a `shared(by:)` provider its argument's hash too.
    ///
    /// The place is multiplied before it is mixed in, so that keys that differ only in their
    /// line — a container's providers declared in one function — spread over the buckets.
    @inline(__always)
    fileprivate var bucketHash: Int {
        var bits =
            UInt64(site) ^ UInt64(UInt(bitPattern: type)) ^ (UInt64(place) &* 0x9E37_79B9_7F4A_7C15)
        if let argument { bits ^= UInt64(UInt(bitPattern: argument.value.hashValue)) }
        bits = (bits ^ (bits >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: bits ^ (bits >> 29))
    }
}
