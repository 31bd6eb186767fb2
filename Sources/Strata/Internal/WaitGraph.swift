/// A provider being built right now, which other callers may wait for.
protocol Construction: AnyObject, Sendable {
    /// The agent (a thread, or an async construction) whose work builds it.
    var builder: Agent { get }
    var frame: Frame { get }
    /// Whether it has stored its instance or given up: an agent still recorded as waiting
    /// for it is about to wake, not blocked.
    var isFinished: Bool { get }
}

/// Who waits for which construction, across threads and tasks, so that two constructions
/// waiting for each other are reported as a cycle instead of hanging.
///
/// On one thread a cycle shows on the resolution stack. Across threads it shows only here:
/// thread A builds `x` and waits for `y`, which thread B builds while waiting for `x`.
/// Before an agent waits, it follows the chain from what it waits for — its builder, what
/// that builder waits for, and so on; reaching itself means the wait would never end.
enum WaitGraph {
    private static let waits = Lock<[Agent: any Construction]>([:])

    /// Runs `wait` with `agent` recorded as waiting for `target`, unless that closes a cycle.
    static func wait<Result>(
        agent: Agent, frames: [Frame], for target: any Construction,
        _ wait: () async -> Result
    ) async throws(StrataError) -> Result {
        try register(agent: agent, frames: frames, for: target)
        let result = await wait()
        unregister(agent)
        return result
    }

    /// Blocks on `target`'s gate with `agent` recorded as waiting for it, unless that closes
    /// a cycle.
    static func block(agent: Agent, frames: [Frame], on target: InFlight) throws(StrataError) {
        try register(agent: agent, frames: frames, for: target)
        target.gate.wait()
        unregister(agent)
    }

    private static func register(
        agent: Agent, frames: [Frame], for target: any Construction
    ) throws(StrataError) {
        let hops: [Frame]? = waits.withLock { waits in
            var hops: [Frame] = []
            var next: any Construction = target
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
