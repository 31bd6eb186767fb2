/// Who waits for which construction, across threads and tasks, so that two constructions
/// waiting for each other are reported as a cycle instead of hanging.
///
/// On one thread a cycle shows on the resolution stack. Across threads it shows only here:
/// thread A builds `x` and waits for `y`, which thread B builds while waiting for `x`.
/// Before an agent waits, it follows the chain from what it waits for — its builder, what
/// that builder waits for, and so on; reaching itself means the wait would never end.
enum WaitGraph {
    /// A construction an agent waits for, and the provider it builds, which only the waiter
    /// knows.
    private struct Wait {
        let target: Construction
        let frame: Frame
    }

    private static let waits = Lock<[Agent: Wait]>([:])

    /// Awaits the task that builds `target`, the construction of `frame`, with `agent`
    /// recorded as waiting for it unless that closes a cycle; an `agent` of `nil` (a caller
    /// outside every async construction) builds nothing anyone could wait for, and is not
    /// recorded.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end.
    static func await(
        agent: Agent?, frames: [Frame], on target: Construction, of frame: Frame
    ) async throws(StrataError) -> Result<Instance, any Error> {
        guard let task = target.task else { preconditionFailure("awaited a thread's build") }
        guard let agent else { return await task.result }
        try register(agent: agent, frames: frames, for: Wait(target: target, frame: frame))
        defer { unregister(agent) }
        return await task.result
    }

    /// Blocks on the gate of `target`, the construction of `frame` a thread runs, with
    /// `agent` recorded as waiting for it unless that closes a cycle.
    ///
    /// - Returns: What the builder handed to its waiters without storing it, read once the
    ///   gate opens; `nil` when it stored its instance or gave up.
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end.
    static func block(
        agent: Agent, frames: [Frame], on target: Construction, of frame: Frame
    ) throws(StrataError) -> Instance? {
        try register(agent: agent, frames: frames, for: Wait(target: target, frame: frame))
        defer { unregister(agent) }
        return target.passedOn
    }

    /// Records `agent` as waiting for `wait`'s target, after following the chain from it to
    /// check that the wait can end: the one cycle check of threads and tasks alike.
    private static func register(
        agent: Agent, frames: [Frame], for wait: Wait
    ) throws(StrataError) {
        let hops: [Frame]? = waits.withLock { waits in
            var hops: [Frame] = []
            var next = wait
            while true {
                // A finished construction is waited for by no one: its gate is open, and an
                // agent still recorded as waiting for it has not yet woken to remove itself.
                // That holds for the target too, whose builder may already wait for us.
                if next.target.isFinished { break }
                hops.append(next.frame)
                if next.target.builder == agent { return hops }
                guard let following = waits[next.target.builder] else { break }
                next = following
            }
            waits[agent] = wait
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
