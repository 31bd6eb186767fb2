import Synchronization

/// A root's one watcher of leaks: it judges each ended container's watched instances once
/// the end's subtree is released (the end hands its judgements over only then), the work
/// Strata started for it has finished, and the grace period has passed since.
///
/// One per root, made on the first judgement or receiver, for every end in the tree: it
/// keeps the judgements due in order, and one deadline on the engine's one timer
/// (``Deadlines``) for the earliest; when it passes, every judgement due by then is judged in
/// one batch. An end costs no task, timer or hop of its own; an end that released everything
/// costs nothing here. A batch in which an instance is still alive is judged in work of its
/// own after one turn of the main actor (``TrackedWork/onMainActor(_:)``), so that a deinit
/// a release left there, and the main actor's current job (the caller's frame, if the end
/// ran there), are done first: one turn for the whole batch, and only when something is
/// alive. A main actor that never turns (a command-line tool's synchronous `main`) delays a
/// batch by five seconds at most, not for ever.
final class LeakWatcher: Sendable {
    /// The pieces of work an end's judgements still wait for.
    private final class Countdown: Sendable {
        private let left: Atomic<Int>

        init(_ count: Int) { left = Atomic(count) }

        /// Counts one finished; whether it was the last.
        func isLast() -> Bool { left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 }
    }

    private struct Due {
        let time: ContinuousClock.Instant
        let judgements: [Judgement]
    }

    private struct State {
        var grace: Duration
        /// The judgements waiting, earliest due first.
        var due: [Due] = []
        /// The time of the deadline registered for the earliest judgement, while one is.
        var wake: ContinuousClock.Instant?
        /// Which registered deadline is the current one: one replaced by an earlier deadline
        /// (the grace was shortened) does nothing when it passes.
        var generation: UInt64 = 0
        /// The receivers of the tree's leaks, oldest first; each is removed by its
        /// subscription's `cancel()`.
        var receivers: [Subscription] = []
        /// The turn of the main actor asked for last, which may still be waiting for it: at
        /// most one at a time, however long the main actor is busy.
        var turn: OneShot<Void>?

        /// Makes `time` the deadline to register, replacing any registered one.
        ///
        /// - Returns: The time and the deadline's generation, to register.
        mutating func wake(at time: ContinuousClock.Instant) -> (ContinuousClock.Instant, UInt64) {
            wake = time
            generation += 1
            return (time, generation)
        }
    }

    private let state: Lock<State>

    init(grace: Duration) { state = Lock(State(grace: grace)) }

    /// Shortens the grace period to `grace`, if it is shorter: for a root a test watches.
    func shortenGrace(to grace: Duration) {
        state.withLock { $0.grace = min($0.grace, grace) }
    }

    /// Adds a receiver of every leak confirmed in the tree, from now on, until the returned
    /// subscription is cancelled: its `cancel()` lets go of it, after any delivery to it in
    /// progress on another thread.
    func addReceiver(_ receive: @escaping @Sendable (WatchedInstance) -> Void) -> Subscription {
        let receiver = Subscription(firesOnce: false) { leak in
            if let leak = leak as? WatchedInstance { receive(leak) }
        }
        state.withLock { $0.receivers.append(receiver) }
        return Subscription(removal: { [weak self] in
            let removed = self?.state.withLock { state -> Subscription? in
                guard let index = state.receivers.lastIndex(where: { $0 === receiver }) else {
                    return nil
                }
                return state.receivers.remove(at: index)
            }
            receiver.cancel()
            _ = removed  // released outside the lock
        })
    }

    /// How many receivers the watcher keeps: for tests, which check that a cancelled one is
    /// not kept.
    var receiverCount: Int { state.withLock { $0.receivers.count } }

    /// Watches `judgements`, whose end has released its whole subtree: they are judged a
    /// grace period after every piece of `work` has finished.
    func watch(_ judgements: [Judgement], after work: [TrackedWork]) {
        let unfinished = work.filter { !$0.isFinished }
        guard !unfinished.isEmpty else { return schedule(judgements) }
        let left = Countdown(unfinished.count)
        for work in unfinished {
            work.whenFinished { [self] in
                if left.isLast() { schedule(judgements) }
            }
        }
    }

    /// Queues `judgements`, due a grace period from now, and registers a deadline for them
    /// if they are due before every other.
    private func schedule(_ judgements: [Judgement]) {
        // What died with the end's work can never be a leak: judged now, with no grace to
        // wait out and nothing kept for it — a request ended with `end()` whose lease was
        // alive only in its own `scopeDidEnd()` keeps nothing once that returns.
        var judgements = judgements
        judgements.removeAll { judgement in
            guard !judgement.hasAlive else { return false }
            judgement.verdict.give([])
            return true
        }
        guard !judgements.isEmpty else { return }
        let now = ContinuousClock.now
        let wake = state.withLock { state -> (ContinuousClock.Instant, UInt64)? in
            let due = Due(time: now.advanced(by: state.grace), judgements: judgements)
            // Due times follow the order of scheduling unless the grace was shortened.
            let index = state.due.lastIndex { $0.time <= due.time }.map { $0 + 1 } ?? 0
            state.due.insert(due, at: index)
            if let wake = state.wake, wake <= due.time { return nil }
            return state.wake(at: due.time)
        }
        if let (time, generation) = wake { Deadlines.at(time) { [self] in judgeDue(generation) } }
    }

    /// Judges every judgement due, when deadline `generation` passes, and registers the
    /// deadline of the next.
    private func judgeDue(_ generation: UInt64) {
        let now = ContinuousClock.now
        let taken = state.withLock { state -> ([Judgement], (ContinuousClock.Instant, UInt64)?)? in
            guard state.generation == generation else { return nil }
            let count = state.due.prefix { $0.time <= now }.count
            let batch = state.due.prefix(count).flatMap(\.judgements)
            state.due.removeFirst(count)
            guard let next = state.due.first?.time else {
                state.wake = nil
                return (batch, nil)
            }
            return (batch, state.wake(at: next))
        }
        guard let (batch, wake) = taken else { return }
        if let (time, generation) = wake { Deadlines.at(time) { [self] in judgeDue(generation) } }
        guard !batch.isEmpty else { return }
        // Nothing alive: no leak to tell anyone of, only verdicts to give, here.
        guard batch.contains(where: \.hasAlive) else { return judge(batch) }
        TrackedWork(for: nil) { [self] in
            await turnOfTheMainActor()
            judge(batch)
        }.start()
    }

    /// Tells the receivers of each leak in `batch`, then gives each verdict.
    private func judge(_ batch: [Judgement]) {
        let receivers = state.withLock(\.receivers)
        for judgement in batch {
            let leaks = judgement.leaks
            for leak in leaks {
                for receiver in receivers { receiver.deliver(leak) }
            }
            judgement.verdict.give(leaks)
        }
    }

    /// How long a judgement waits for a turn of the main actor, at least: a job of the main
    /// actor that ended a container — a view model's method, a button's action — holds its
    /// locals until it returns, however long it runs.
    static let longestTurn = Duration.seconds(5)

    /// Waits for a turn of the main actor, up to five seconds or the grace period if longer:
    /// one job, asked for only when the last one asked for has run.
    private func turnOfTheMainActor() async {
        let now = ContinuousClock.now
        let (turn, asks, deadline) = state.withLock { state in
            let deadline = now.advanced(by: max(state.grace, Self.longestTurn))
            if let turn = state.turn, turn.given == nil { return (turn, false, deadline) }
            let turn = OneShot<Void>()
            state.turn = turn
            return (turn, true, deadline)
        }
        if asks { TrackedWork.onMainActor { turn.give(()) } }
        _ = await turn.value(until: deadline)
    }
}
