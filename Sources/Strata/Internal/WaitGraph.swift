/// Who waits for which construction, across threads and tasks, so that two constructions
/// waiting for each other are reported as a cycle instead of hanging.
///
/// On one thread a cycle shows on the resolution stack. Across threads it shows only here:
/// thread A builds `x` and waits for `y`, which thread B builds while waiting for `x`.
/// Before an agent waits, it follows the chain from what it waits for — its builder, what
/// that builder waits for, and so on; reaching itself means the wait would never end.
enum WaitGraph {
    private static let waits = Lock<[Agent: Construction]>([:])

    /// Awaits the task that builds `target`, with `agent` recorded as waiting for it unless
    /// that closes a cycle; an `agent` of `nil` (a caller outside every async construction)
    /// builds nothing anyone could wait for, and is not recorded.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end.
    static func await(
        agent: Agent?, frames: [Frame], on target: Construction
    ) async throws(StrataError) -> Result<Instance, any Error> {
        guard let task = target.task else { preconditionFailure("awaited a thread's build") }
        guard let agent else { return await task.result }
        try register(agent: agent, frames: frames, for: target)
        defer { unregister(agent) }
        return await task.result
    }

    /// Blocks on the gate of `target`, which a thread builds, with `agent` recorded as
    /// waiting for it unless that closes a cycle.
    ///
    /// - Returns: What the builder handed to its waiters without storing it, read once the
    ///   gate opens; `nil` when it stored its instance or gave up.
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end.
    static func block(
        agent: Agent, frames: [Frame], on target: Construction
    ) throws(StrataError) -> Instance? {
        try register(agent: agent, frames: frames, for: target)
        defer { unregister(agent) }
        return target.passedOn
    }

    /// Records `agent` as waiting for `target`, after following the chain from `target` to
    /// check that the wait can end: the one cycle check of threads and tasks alike.
    private static func register(
        agent: Agent, frames: [Frame], for target: Construction
    ) throws(StrataError) {
        let hops: [Frame]? = waits.withLock { waits in
            var hops: [Frame] = []
            var next: Construction = target
            while true {
                // A finished construction is waited for by no one: its gate is open, and an
                // agent still recorded as waiting for it has not yet woken to remove itself.
                // That holds for the target too, whose builder may already wait for us.
                if next.isFinished { break }
                hops.append(next.frame)
                if next.builder == agent { return hops }
                guard let following = waits[next.builder] else { break }
                next = following
            }
            waits[agent] = target
            return nil
        }
        guard let hops else { return }
        // The chain ends at a construction this agent is running; the cycle starts there.
        let closing = hops[hops.count - 1]
        let start = frames.lastIndex { $0.isSameProvider(as: closing) } ?? 0
        throw .cycle(path: (frames[start...] + hops).map(\.provider))
    }

    private static func unregister(_ agent: Agent) {
        _ = waits.withLock { $0.removeValue(forKey: agent) }
    }
}
