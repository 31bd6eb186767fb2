/// What a ``ContainerStack`` holds, and its transitions: each says which containers to watch
/// and which to end, and the stack does so outside its lock.
///
/// A value with no lock and no threads, so that each transition is testable alone.
struct StackState {
    /// The containers kept, bottom first.
    private(set) var kept: [any Container] = []
    /// Whether the owner's container has ended: a container given from then on is ended at
    /// once, and not kept.
    private(set) var ownerEnded = false
    /// The containers given since the owner ended, not yet handed to the stack to end.
    private var refused: [any Container] = []

    /// Keeps the containers below `index`, then `containers` in their order, each once; the
    /// containers above `index` that `containers` does not name leave the stack.
    mutating func replace(from index: Int, with containers: [any Container]) {
        guard !ownerEnded else {
            refused += containers
            return
        }
        var new = Array(kept[..<min(index, kept.count)])
        for container in containers where !new.contains(where: { $0 === container }) {
            new.append(container)
        }
        kept = new
    }

    /// Keeps, in their new order, the containers of `containers` that the stack holds; the
    /// others leave it.
    mutating func keep(only containers: [any Container]) {
        let held = containers.filter { container in kept.contains { $0 === container } }
        replace(from: 0, with: held)
    }

    /// Lets go of a container that ended by itself.
    mutating func forget(_ container: any Container) {
        kept.removeAll { $0 === container }
    }

    /// The owner's container has ended: every container leaves the stack, and none is kept
    /// from now on.
    mutating func ownerDidEnd() {
        ownerEnded = true
        kept = []
    }

    /// The containers given since the owner ended, handed over once.
    mutating func takeRefused() -> [any Container] {
        defer { refused = [] }
        return refused
    }

    /// What one transition did to the stack, worked out from before and after.
    struct Change {
        /// The containers it added: the stack watches each for an end of its own.
        let added: [any Container]
        /// The containers to end: those it removed, then those refused, each newest first.
        let toEnd: [any Container]
        /// Whether the stack's contents changed, so that Observation is told.
        let changed: Bool

        init(before: [any Container], after: [any Container], refused: [any Container]) {
            added = after.filter { new in !before.contains { $0 === new } }
            let removed = before.filter { old in !after.contains { $0 === old } }
            toEnd = removed.reversed() + refused.reversed()
            changed =
                before.count != after.count || zip(before, after).contains { $0.0 !== $0.1 }
        }
    }
}
