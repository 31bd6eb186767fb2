/// Who waits for which construction, across threads and tasks, so that two constructions
/// waiting for each other are reported as a cycle instead of hanging.
///
/// On one thread a cycle shows on the resolution stack. Across threads it shows only here:
/// thread A builds `x` and waits for `y`, which thread B builds while waiting for `x`.
/// Before an agent waits, it follows the chain from what it waits for — its builder, what
/// that builder waits for, and so on; reaching itself means the wait would never end.
///
/// Besides constructions, a thread may hold a ``Construction`` as a token while it runs
/// other user code that someone may have to wait out: a subscription's handler, which
/// `cancel()` waits for; the body of an `Observed.withValue`, which the next change waits
/// for; a container's plans, which whoever uses the container waits for. Those waits cannot
/// throw, so ``blockUnlessCycle(agent:frames:on:)`` breaks a cycle by not waiting, and tells
/// the first construction wait in the cycle, which throws it when it wakes.
enum WaitGraph {
    /// A construction an agent waits for, and the provider it builds, which only the waiter
    /// knows.
    private struct Wait {
        let target: Construction
        /// `nil` for a token's wait, which builds no provider.
        let frame: Frame?
    }

    private struct Waits {
        var waiting: [Agent: Wait] = [:]
        /// Agents whose construction wait a token's wait found in a cycle, with the cycle's
        /// path, to throw when they wake.
        var broken: [Agent: StrataError] = [:]
    }

    private static let waits = Lock(Waits())

    /// Awaits what `target`, the construction of `frame` in another caller's task, comes
    /// to, with `agent` recorded as waiting for it unless that closes a cycle; an `agent` of
    /// `nil` (a caller outside every async construction) builds nothing anyone could wait
    /// for, and is not recorded.
    ///
    /// - Returns: The outcome; `nil` when the waiting task was cancelled, which stops waiting
    ///   at once.
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end.
    static func await(
        agent: Agent?, frames: [Frame], on target: Construction, of frame: Frame
    ) async throws(StrataError) -> Construction.Outcome? {
        guard let agent else { return await target.awaitOutcome() }
        try register(agent: agent, frames: frames, for: Wait(target: target, frame: frame))
        let outcome = await target.awaitOutcome()
        try unregister(agent)
        return outcome
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
        let passed = target.passedOn
        try unregister(agent)
        return passed
    }

    /// Blocks on the gate of `target`, a token another thread holds while it runs user code,
    /// with `agent` recorded as waiting for it, unless that closes a cycle.
    ///
    /// A cycle is broken by not waiting: the caller goes on as if the holder had finished.
    /// The first agent in the cycle that waits for a construction is told the cycle, and
    /// throws it when it wakes; so the cycle is reported rather than hung or trapped on.
    ///
    /// - Returns: Whether it waited; `false` when waiting would never have ended.
    @discardableResult
    static func blockUnlessCycle(agent: Agent, frames: [Frame], on target: Construction) -> Bool {
        do {
            try register(agent: agent, frames: frames, for: Wait(target: target, frame: nil))
        } catch {
            return false
        }
        _ = target.passedOn  // read under the gate: returns once the holder lets go
        // A token's wait is never told a cycle: it is not a construction wait.
        try? unregister(agent)
        return true
    }

    /// Records `agent` as waiting for `wait`'s target, after following the chain from it to
    /// check that the wait can end: the one cycle check of threads and tasks alike.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end; for a token's
    ///   wait, after telling the first construction wait in the chain.
    private static func register(
        agent: Agent, frames: [Frame], for wait: Wait
    ) throws(StrataError) {
        let path: StrataError? = waits.withLock { waits in
            // The chain: who waits, for what, starting with this agent's wait.
            var chain: [(agent: Agent, wait: Wait)] = []
            var next = (agent: agent, wait: wait)
            while true {
                // A finished construction is waited for by no one: its gate is open, and an
                // agent still recorded as waiting for it has not yet woken to remove itself.
                // That holds for the target too, whose builder may already wait for us.
                if next.wait.target.isFinished { break }
                chain.append(next)
                let builder = next.wait.target.builder
                if builder == agent {
                    let path = cycle(frames: frames, hops: chain.compactMap(\.wait.frame))
                    if wait.frame == nil, let victim = chain.first(where: { $0.wait.frame != nil })
                    {
                        waits.broken[victim.agent] = path
                    }
                    return path
                }
                guard let following = waits.waiting[builder] else { break }
                next = (builder, following)
            }
            waits.waiting[agent] = wait
            return nil
        }
        if let path { throw path }
    }

    /// The cycle: from where this agent's frames first build the provider the chain closes
    /// on, through the providers waited for on the way.
    private static func cycle(frames: [Frame], hops: [Frame]) -> StrataError {
        // The chain ends at a construction this agent is running; the cycle starts there.
        guard let closing = hops.last else { return .cycle(through: frames, closingWith: []) }
        let start = frames.lastIndex { $0.isSameProvider(as: closing) } ?? 0
        return .cycle(through: frames[start...], closingWith: hops)
    }

    /// Removes `agent`'s record.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when a token's wait found this wait in a
    ///   cycle and went on without waiting.
    private static func unregister(_ agent: Agent) throws(StrataError) {
        let path = waits.withLock { waits in
            waits.waiting[agent] = nil
            return waits.broken.removeValue(forKey: agent)
        }
        if let path { throw path }
    }
}

/// Who does the work that a construction's waiters wait for: a thread running synchronous
/// factories, or one async construction.
///
/// The wait graph follows "this agent waits for that construction, whose builder is that
/// agent", so two agents must never compare equal unless they are the same. The kinds are
/// told apart by the case, not by a number's parity: a thread and an async construction are
/// different agents even when their identities happen to be the same number.
///
/// `package` so that the package's tests can build one of each kind from one number.
package enum Agent: Hashable, Sendable {
    /// A thread, named by its resolution stack, which lives as long as the thread.
    case thread(ObjectIdentifier)
    /// An async construction, numbered in the order the constructions started.
    case task(UInt)
}
