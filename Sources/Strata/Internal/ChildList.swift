/// The live children of a scope in creation order, kept in the parent's state and used
/// only under the parent's lock.
///
/// Each child records its slot (``ScopeCore/childSlot``), so adding and removing one is
/// O(1), with no hashing; the order of the slots is the order of creation, so the end walks
/// them backwards with no sort. A child that leaves from the middle leaves a hole; the holes
/// go when the list is full, before it grows (see `Array.makeRoom`).
///
/// A slot keeps a weak reference: it is the only safe way to take a strong reference to a
/// child that may be in its `deinit` — a strong retain of an object whose last release has
/// happened, but whose `deinit` has not yet unlinked it, would outlive the object. Swift
/// offers no "retain unless deinitialising" apart from weak references (the runtime's
/// `swift_tryRetain` is reserved and the compiler refuses a direct reference to it), so the
/// per-child side table stays; the dictionary is gone.
///
/// The slot also keeps the child unretained, to update its slot number when the list is
/// compacted: a child removes itself, under the parent's lock, before its memory is freed
/// (when it ends, or at the latest in its `deinit`), so every child still listed is
/// allocated, even one whose weak reference already reads `nil`.
struct ChildList {
    private struct Slot {
        weak var core: ScopeCore?
        /// The child, for its slot number; `nil` once removed.
        var listed: Unmanaged<ScopeCore>?
    }

    private var slots: [Slot] = []

    /// Lists `child` as the newest.
    mutating func append(_ child: ScopeCore) {
        // The holes left by children that ended out of order go when the list is full.
        if slots.makeRoom(minimumCount: 16, droppingWhere: { $0.listed == nil }) {
            for index in slots.indices {
                slots[index].listed?._withUnsafeGuaranteedRef {
                    $0.childSlot.store(Int32(index), ordering: .relaxed)
                }
            }
        }
        child.childSlot.store(Int32(slots.count), ordering: .relaxed)
        slots.append(Slot(core: child, listed: .passUnretained(child)))
    }

    /// Takes `child` out; does nothing if it is not listed.
    mutating func remove(_ child: ScopeCore) {
        let index = Int(child.childSlot.load(ordering: .relaxed))
        guard index >= 0 else { return }
        // Released: a deinit that reads -1 without the lock sees the list done with it.
        child.childSlot.store(-1, ordering: .releasing)
        if index == slots.endIndex - 1 {
            // Children mostly go newest first: the tail shrinks, and the holes it uncovers
            // go with it. (Slots are read in place: copying one copies its weak reference.)
            slots.removeLast()
            while let last = slots.indices.last, slots[last].listed == nil {
                slots.removeLast()
            }
        } else {
            slots[index] = Slot(core: nil, listed: nil)
        }
    }

    /// Whether no child is listed: holes at the tail go with the child before them, so an
    /// empty list of slots is the only list with no child in it.
    var isEmpty: Bool { slots.isEmpty }

    /// How many slots the list holds, holes included.
    var slotCount: Int { slots.count }

    /// Strong references to the listed children whose deinit has not begun, newest first.
    ///
    /// An empty list builds no array.
    func retainedNewestFirst() -> [ScopeCore] {
        guard !slots.isEmpty else { return [] }
        return slots.reversed().compactMap(\.core)
    }
}
