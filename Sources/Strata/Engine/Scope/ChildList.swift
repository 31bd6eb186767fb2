/// The live children of a scope in creation order, kept in the parent's state and used
/// only under the parent's lock.
///
/// Each child records its slot (``ScopeCore/childSlot``), so adding and removing one is
/// O(1), with no hashing; the order of the slots is the order of creation, so the end walks
/// them backwards with no sort. A child that leaves from the middle leaves a hole; the holes
/// go when the list is full, before it grows (see `Array.makeRoom`).
///
/// A slot holds its child's core strongly, and so keeps it out of its `deinit` while it is
/// listed: a copy of a slot is always a safe strong reference, with no weak reference (and
/// no side table) per child. That does not keep the child open — its ``ScopeHandle`` does —
/// and it is no cycle that outlives the child: the child's end takes it out.
struct ChildList {
    private var slots: [ScopeCore?] = []

    /// Lists `child` as the newest.
    mutating func append(_ child: ScopeCore) {
        // The holes left by children that ended out of order go when the list is full.
        if slots.makeRoom(minimumCount: 16, droppingWhere: { $0 == nil }) {
            for (index, child) in slots.enumerated() {
                child?.childSlot.store(Int32(index), ordering: .relaxed)
            }
        }
        child.childSlot.store(Int32(slots.count), ordering: .relaxed)
        slots.append(child)
    }

    /// Takes `child` out; does nothing if it is not listed.
    ///
    /// - Returns: The list's reference to it, to let go outside the lock.
    mutating func remove(_ child: ScopeCore) -> ScopeCore? {
        let index = Int(child.childSlot.load(ordering: .relaxed))
        guard index >= 0 else { return nil }
        child.childSlot.store(-1, ordering: .relaxed)
        // Children mostly go newest first: the tail shrinks, and the holes it uncovers go
        // with it.
        guard index == slots.endIndex - 1 else { return slots[index].take() }
        let removed = slots.removeLast()
        while let last = slots.last, last == nil { slots.removeLast() }
        return removed
    }

    /// Whether no child is listed: holes at the tail go with the child before them, so an
    /// empty list of slots is the only list with no child in it.
    var isEmpty: Bool { slots.isEmpty }

    /// How many slots the list holds, holes included.
    var slotCount: Int { slots.count }

    /// The listed children, newest first.
    ///
    /// An empty list builds no array.
    func newestFirst() -> [ScopeCore] {
        guard !slots.isEmpty else { return [] }
        return slots.reversed().compactMap { $0 }
    }
}
