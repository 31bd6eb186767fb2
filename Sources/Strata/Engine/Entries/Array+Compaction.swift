extension Array {
    /// Makes room for an append to a list whose elements die in place: when the array is
    /// full, drops the dead elements, and reserves twice the capacity if fewer than half died.
    ///
    /// So the array holds at most about twice as many elements as are alive, and compacting
    /// costs O(1) per append, amortised: after a compaction there is room for at least half
    /// as many appends as the array holds. Arrays shorter than `minimumCount` are left alone.
    ///
    /// - Returns: Whether the array was compacted, moving the survivors.
    @inline(__always)
    mutating func makeRoom(minimumCount: Int, droppingWhere isDead: (Element) -> Bool) -> Bool {
        guard count == capacity, count >= minimumCount else { return false }
        removeAll(where: isDead)
        if count * 2 > capacity { reserveCapacity(capacity * 2) }
        return true
    }
}
