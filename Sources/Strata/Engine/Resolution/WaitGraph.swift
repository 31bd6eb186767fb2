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

    /// A wait as recorded: its number tells apart the waits of one agent.
    private struct Recorded {
        let number: UInt64
        let wait: Wait
    }

    private struct Waits {
        /// What each agent waits for.
        ///
        /// A thread waits for one thing at a time; an async construction may wait for several, from
        /// the child tasks of its factory (`async let`, a task group), which run as the same agent.
        var waiting: [Agent: [Recorded]] = [:]
        /// Construction waits a token's wait found in a cycle, by number, with the cycle's
        /// path, to throw when they wake.
        var broken: [UInt64: StrataError] = [:]
        var next: UInt64 = 0

        /// Records `agent` as waiting for `wait`'s target.
        ///
        /// - Returns: The wait's number, to remove it by.
        mutating func record(_ wait: Wait, by agent: Agent) -> UInt64 {
            let number = next
            next += 1
            waiting[agent, default: []].append(Recorded(number: number, wait: wait))
            return number
        }
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
        let number = try register(
            agent: agent, frames: frames, for: Wait(target: target, frame: frame))
        let outcome = await target.awaitOutcome()
        try unregister(agent, number)
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
        let number = try register(
            agent: agent, frames: frames, for: Wait(target: target, frame: frame))
        let passed = target.passedOn
        try unregister(agent, number)
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
        let number: UInt64
        do {
            number = try register(
                agent: agent, frames: frames, for: Wait(target: target, frame: nil))
        } catch {
            return false
        }
        _ = target.passedOn  // read under the gate: returns once the holder lets go
        // A token's wait is never told a cycle: it is not a construction wait.
        try? unregister(agent, number)
        return true
    }

    /// Records `agent` as waiting for `target`, an async construction of `frame` that its
    /// own task goes on to build, nested in the one `agent` runs, until ``unnest(_:_:)``.
    ///
    /// The outer construction cannot finish before the nested one, just as if it awaited
    /// it: recorded so, a wait from inside the nested factory that leads back to the outer
    /// construction closes a cycle, where the chain stopped at the outer one's builder.
    /// No chain can close here: the nested construction's builder is new, and waits for
    /// nothing yet.
    ///
    /// - Returns: The record's number.
    static func nest(_ agent: Agent, building target: Construction, of frame: Frame) -> UInt64 {
        waits.withLock { $0.record(Wait(target: target, frame: frame), by: agent) }
    }

    /// Removes the record ``nest(_:building:of:)`` made.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when a token's wait found this record in a
    ///   cycle and went on without waiting.
    static func unnest(_ agent: Agent, _ number: UInt64) throws(StrataError) {
        try unregister(agent, number)
    }

    /// Records `agent` as waiting for `wait`'s target, after following every chain from it
    /// to check that the wait can end: the one cycle check of threads and tasks alike.
    ///
    /// - Returns: The wait's number, to remove it by.
    /// - Throws: ``StrataError/cycle(path:)`` when the wait would never end; for a token's
    ///   wait, after telling the first construction wait in the chain.
    private static func register(
        agent: Agent, frames: [Frame], for wait: Wait
    ) throws(StrataError) -> UInt64 {
        let outcome: Result<UInt64, StrataError> = waits.withLock { waits in
            guard let chain = chainBack(to: agent, from: wait, in: waits) else {
                return .success(waits.record(wait, by: agent))
            }
            let path = cycle(frames: frames, hops: chain.compactMap(\.wait.frame))
            if wait.frame == nil, let victim = chain.first(where: { $0.wait.frame != nil }) {
                waits.broken[victim.number] = path
            }
            return .failure(path)
        }
        return try outcome.get()
    }

    /// The waits from `wait` back to a construction `agent` runs, when waiting would close
    /// a cycle; `nil` when every chain ends.
    ///
    /// Depth first through every wait of each builder on the way, each builder visited once.
    private static func chainBack(
        to agent: Agent, from wait: Wait, in waits: Waits
    ) -> [(number: UInt64, wait: Wait)]? {
        var visited: Set<Agent> = []
        // The chain so far, and the waits left to try after each of its links.
        var chain: [(number: UInt64, wait: Wait)] = []
        var pending: [[Recorded]] = [[Recorded(number: .max, wait: wait)]]
        while var options = pending.popLast() {
            guard let next = options.popLast() else {
                _ = chain.popLast()
                continue
            }
            pending.append(options)
            // A finished construction is waited for by no one: its gate is open, and an
            // agent still recorded as waiting for it has not yet woken to remove itself.
            // That holds for the target too, whose builder may already wait for us.
            guard !next.wait.target.isFinished else { continue }
            let builder = next.wait.target.builder
            if builder == agent { return chain + [(next.number, next.wait)] }
            guard visited.insert(builder).inserted, let following = waits.waiting[builder] else {
                continue
            }
            chain.append((next.number, next.wait))
            pending.append(following)
        }
        return nil
    }

    /// The cycle: from where this agent's frames first build the provider the chain closes
    /// on, through the providers waited for on the way.
    private static func cycle(frames: [Frame], hops: [Frame]) -> StrataError {
        // The chain ends at a construction this agent is running; the cycle starts there.
        guard let closing = hops.last else { return .cycle(through: frames, closingWith: []) }
        let start = frames.lastIndex { $0.isSameProvider(as: closing) } ?? 0
        return .cycle(through: frames[start...], closingWith: hops)
    }

    /// Removes `agent`'s wait numbered `number`.
    ///
    /// - Throws: ``StrataError/cycle(path:)`` when a token's wait found this wait in a
    ///   cycle and went on without waiting.
    private static func unregister(_ agent: Agent, _ number: UInt64) throws(StrataError) {
        let path = waits.withLock { waits in
            waits.waiting[agent]?.removeAll { $0.number == number }
            if waits.waiting[agent]?.isEmpty == true { waits.waiting[agent] = nil }
            return waits.broken.removeValue(forKey: number)
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
