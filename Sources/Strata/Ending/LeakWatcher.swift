import Synchronization

/// A root's one watcher of leaks: it judges each ended container's watched instances once
/// the end's subtree is released (the end hands its judgements over only then), the work
/// Strata started for it has finished, and the grace period has passed since.
///
/// One per root, made on the first judgement, for every end in the tree: it keeps the
/// judgements due in order, and one task of its own runs while any is waiting, sleeping
/// until the earliest is due and judging every judgement due by then in one batch. An end
/// costs no task, timer or hop of its own; an end that released everything costs nothing
/// here. An instance still alive when its judgement is due is judged after one turn of the
/// main actor, so that a deinit a release left there, and the main actor's current job (the
/// caller's frame, if the end ran there), are done first: one turn for the whole batch, and
/// only when something is alive. A main actor that never turns (a command-line tool's
/// synchronous `main`) delays a batch by five seconds at most, not for ever.
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
        /// Whether the watcher's task is running: it stops when nothing is waiting.
        var isRunning = false
        /// The receivers of the tree's leaks, oldest first; cancelled ones are dropped at
        /// the next batch.
        var receivers: [Subscription] = []
        /// The turn of the main actor asked for last, which may still be waiting for it: at
        /// most one at a time, however long the main actor is busy.
        var turn: TrackedWork?
    }

    private let state: Lock<State>

    init(grace: Duration) { state = Lock(State(grace: grace)) }

    /// Shortens the grace period to `grace`, if it is shorter: for a root a test watches.
    func shortenGrace(to grace: Duration) {
        state.withLock { $0.grace = min($0.grace, grace) }
    }

    /// Adds a receiver of every leak confirmed in the tree, from now on.
    func addReceiver(_ receive: @escaping @Sendable (Survivor) -> Void) -> Subscription {
        let subscription = Subscription(firesOnce: false) { leak in
            if let leak = leak as? Survivor { receive(leak) }
        }
        state.withLock { $0.receivers.append(subscription) }
        return subscription
    }

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

    /// Queues `judgements`, due a grace period from now, and starts the task if it stopped.
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
        let starts = state.withLock { state in
            let due = Due(time: now.advanced(by: state.grace), judgements: judgements)
            // Due times follow the order of scheduling unless the grace was shortened.
            let index = state.due.lastIndex { $0.time <= due.time }.map { $0 + 1 } ?? 0
            state.due.insert(due, at: index)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        if starts { TrackedWork(for: nil) { [self] in await run() }.start() }
    }

    private enum Next {
        case judge([Judgement])
        case sleep(until: ContinuousClock.Instant)
        case stop
    }

    /// Judges each batch as it falls due, until nothing is waiting.
    private func run() async {
        while true {
            let now = ContinuousClock.now
            let next = state.withLock { state -> Next in
                guard let first = state.due.first else {
                    state.isRunning = false
                    return .stop
                }
                guard first.time <= now else { return .sleep(until: first.time) }
                let count = state.due.prefix { $0.time <= now }.count
                let batch = state.due.prefix(count).flatMap(\.judgements)
                state.due.removeFirst(count)
                return .judge(batch)
            }
            switch next {
            case .judge(let batch): await judge(batch)
            case .sleep(let time): try? await Task.sleep(until: time, clock: .continuous)
            case .stop: return
            }
        }
    }

    /// Judges a batch, after a turn of the main actor if anything in it is still alive, and
    /// tells the receivers of each leak before giving each verdict.
    private func judge(_ batch: [Judgement]) async {
        if batch.contains(where: \.hasAlive) { await turnOfTheMainActor() }
        let receivers = state.withLock { state in
            state.receivers.removeAll { !$0.isActive }
            return state.receivers
        }
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
        let (turn, starts, deadline) = state.withLock { state in
            let deadline = now.advanced(by: max(state.grace, Self.longestTurn))
            if let turn = state.turn, !turn.isFinished { return (turn, false, deadline) }
            let turn = TrackedWork(for: nil) { await MainActor.run {} }
            state.turn = turn
            return (turn, true, deadline)
        }
        if starts { turn.start() }
        _ = await turn.wait(until: deadline)
    }
}
