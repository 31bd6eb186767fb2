import Strata
import Testing

/// The table's later entries — every entry after the first — found through a hash index:
/// its growth, the holes a removal leaves, their compaction, and the creation order the end
/// walks, all read through the table's own interface.
@Suite(.tags(.speed)) struct EntryTableIndexTests {
    final class Thing: Sendable {}

    static func key(_ line: UInt, type: Any.Type = Thing.self) -> ProviderKey {
        ProviderKey(name: "provider", line: line, type: type)
    }

    /// A table holding one new instance for each of `lines`, in that order, its entries
    /// ordered from 1.
    static func table(_ lines: some Sequence<UInt>) -> (EntryTable, [UInt: ObjectIdentifier]) {
        var table = EntryTable()
        var made: [UInt: ObjectIdentifier] = [:]
        for (offset, line) in lines.enumerated() {
            let thing = Thing()
            table.store(.stored(Instance(thing), order: offset + 1), for: key(line))
            made[line] = ObjectIdentifier(thing)
        }
        return (table, made)
    }

    static func found(_ line: UInt, in table: EntryTable) -> ObjectIdentifier? {
        table.instance(for: key(line)).map { ObjectIdentifier($0.object) }
    }

    /// The orders of the stored instances, newest first, as the end walks them.
    static func newestFirst(_ table: EntryTable) -> [Int] {
        var cursor = table.newestCursor
        var orders: [Int] = []
        while let stored = table.next(&cursor) { orders.append(stored.order) }
        return orders
    }

    @Test("every entry of a growing table is found, and the index keeps twice the slots past four")
    func growth() {
        var (table, made) = Self.table([])
        for line in UInt(1)...2_000 {
            let thing = Thing()
            table.store(.stored(Instance(thing), order: Int(line)), for: Self.key(line))
            made[line] = ObjectIdentifier(thing)
            let (buckets, slots) = (table.later.bucketCount, table.later.slotCount)
            if slots <= LaterEntries.searchedInOrder {
                #expect(buckets == 0, "\(slots) slots are indexed")
            } else {
                #expect(buckets >= 2 * slots && buckets & (buckets - 1) == 0)
            }
        }
        #expect(table.count == 2_000)
        #expect((1...2_000).allSatisfy { Self.found($0, in: table) == made[$0] })
        #expect(Self.found(2_001, in: table) == nil)
        #expect(Self.newestFirst(table) == Array((1...2_000).reversed()))
    }

    @Test("keys that differ only in their value type are different entries")
    func typesAreApart() {
        var table = EntryTable()
        let thing = Thing()
        let other = Thing()
        table.store(.stored(Instance(thing), order: 1), for: Self.key(7))
        table.store(.stored(Instance(other), order: 2), for: Self.key(7, type: Int.self))
        #expect(Self.found(7, in: table) == ObjectIdentifier(thing))
        #expect(
            table.instance(for: Self.key(7, type: Int.self)).map { ObjectIdentifier($0.object) }
                == ObjectIdentifier(other))
        #expect(table.instance(for: Self.key(7, type: String.self)) == nil)
    }

    @Test("a removed entry is gone, the others stay, and holes are compacted away")
    func removalAndCompaction() {
        var (table, made) = Self.table(1...40)
        // Removing every other later entry: the holes outnumber the entries at the 20th.
        for line in stride(from: UInt(2), through: 40, by: 2) {
            table[Self.key(line)] = nil
            #expect(Self.found(line, in: table) == nil)
        }
        #expect(table.count == 20)
        #expect(table.later.slotCount == 19, "the holes were not compacted away")
        #expect(table.later.bucketCount >= 2 * table.later.slotCount)
        for line in UInt(1)...40 {
            #expect(Self.found(line, in: table) == (line % 2 == 1 ? made[line] : nil))
        }
        #expect(Self.newestFirst(table) == Array(stride(from: 39, through: 1, by: -2)))
        #expect(table.map(\.key) == stride(from: UInt(1), through: 39, by: 2).map { Self.key($0) })
    }

    @Test("an entry stored again moves to the end, and a table reset many times does not grow")
    func restoring() {
        var (table, _) = Self.table(1...10)
        var newest: ObjectIdentifier?
        for order in 11...1_010 {
            let thing = Thing()
            table.store(.stored(Instance(thing), order: order), for: Self.key(3))
            newest = ObjectIdentifier(thing)
            #expect(table.later.slotCount <= 2 * table.count + 16)
        }
        #expect(table.count == 10)
        #expect(Self.found(3, in: table) == newest)
        #expect(Self.newestFirst(table) == [1_010, 10, 9, 8, 7, 6, 5, 4, 2, 1])
    }

    @Test("a copy keeps its later entries when the original removes and compacts them")
    func copiesKeepTheirEntries() {
        var (table, made) = Self.table(1...40)
        let copy = table
        for line in UInt(2)...40 { table[Self.key(line)] = nil }
        #expect(table.count == 1)
        #expect(copy.count == 40)
        #expect((1...40).allSatisfy { Self.found($0, in: copy) == made[$0] })
        #expect(Self.newestFirst(copy) == Array((1...40).reversed()))
    }
}
