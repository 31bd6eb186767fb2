/// Step 5 of an awaited end, from its first async step on, run in one task: every async hook
/// and ``AsyncScopeBound`` instance of the scope awaited in turn there, whatever their number,
/// with the synchronous steps between them.
///
/// One task, so that a scope's async end work costs one task, not one each, and so that
/// it never observes the cancellation of the end's caller — a request cancelled before its
/// end still returns its lease to the pool.
///
/// At the deadline the end's caller takes the rest of the walk over, as the end of one task
/// per step did: the step running then is cancelled (its task is the runner's), listed as
/// overran and left to finish on its own; the caller starts each remaining async step
/// cancelled, runs the synchronous ones, and releases. So the runner gives the walk up
/// whenever it awaits a step (it is *parked* here), and takes it back after, unless the
/// caller took it.
final class EndRunner: Sendable {
    private struct State {
        var walk: EndWalk?
        var watched: EndSequence.Watches?
        /// The async step the runner awaits now, as the report names it.
        var current: EndWork?
        /// The async step the runner was to await next, when it found the walk asked for.
        var next: EndSequence.PendingWork?
        /// The caller asked for the walk: the runner stops at its next step.
        var wanted = false
        /// The runner walked every step.
        var finished = false
    }

    /// What the runner's task and the end's caller share.
    private final class Shared: Sendable {
        let state: Lock<State>
        /// Given when the runner stops: finished, or parked at a step the caller wants.
        let stopped = OneShot<Void>()

        init(_ state: consuming State) { self.state = Lock(state) }
    }

    private let shared: Shared
    let work: TrackedWork

    /// What the caller finds when it takes the walk over.
    enum Rest {
        /// The runner walked every step; here is what it followed.
        case finished(EndSequence.Watches)
        /// The rest of the walk, what it followed so far, the step still running (overran),
        /// and the one the runner did not start.
        case taken(
            EndWalk, EndSequence.Watches, running: EndWork?, notStarted: EndSequence.PendingWork?)
    }

    /// Prepares the runner of `sequence`'s step 5 from `first`, the walk's first async step;
    /// ``work`` runs it.
    init(
        _ sequence: EndSequence, first: EndSequence.PendingWork, walk: consuming EndWalk,
        watched: consuming EndSequence.Watches, container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        let shared = Shared(State(walk: walk, watched: watched, next: first))
        self.shared = shared
        work = TrackedWork(for: sequence.core) {
            await Self.run(sequence, shared: shared, container: container, tracer: tracer)
        }
    }

    private static func run(
        _ sequence: EndSequence, shared: Shared, container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) async {
        while true {
            // The next step, unless the caller wants the walk: then it stays not started.
            let step = shared.state.withLock { state -> EndSequence.PendingWork? in
                guard !state.wanted, let step = state.next.take() else { return nil }
                state.current = sequence.named(step, in: container)
                return step
            }
            guard let step else { break }
            sequence.traceStart(step, tracer: tracer)
            await sequence.body(of: step)()
            // Take the walk back, unless the caller has.
            guard
                var (walk, watched) = shared.state.withLock({
                    state -> (EndWalk, EndSequence.Watches)? in
                    state.current = nil
                    guard let walk = state.walk.take(), let watched = state.watched.take() else {
                        return nil
                    }
                    return (walk, watched)
                })
            else { return }
            var next: EndSequence.PendingWork?
            while next == nil, let step = walk.next() {
                next = sequence.perform(step, watching: &watched, tracer: tracer)
            }
            let parked = (walk, watched, next)
            let finished = shared.state.withLock { state in
                (state.walk, state.watched, state.next) = parked
                state.finished = parked.2 == nil
                return state.finished
            }
            if finished { break }
        }
        shared.stopped.give(())
    }

    /// Takes the rest of the walk over, once the deadline has passed: at once if the runner
    /// awaits a step; else once it reaches its next step or finishes.
    func takeOver() async -> Rest {
        let rest = shared.state.withLock { state -> Rest? in
            state.wanted = true
            return Self.rest(&state)
        }
        if let rest { return rest }
        await shared.stopped.outcome()
        return shared.state.withLock { Self.rest(&$0) } ?? .finished(EndSequence.Watches())
    }

    /// What the runner followed, once it has walked every step.
    var finished: EndSequence.Watches {
        shared.state.withLock { $0.watched.take() } ?? EndSequence.Watches()
    }

    private static func rest(_ state: inout State) -> Rest? {
        if state.finished { return .finished(state.watched.take() ?? EndSequence.Watches()) }
        guard let walk = state.walk.take(), let watched = state.watched.take() else { return nil }
        return .taken(walk, watched, running: state.current.take(), notStarted: state.next.take())
    }
}

extension EndSequence {
    /// Step 5 of an awaited end: the synchronous steps run here; from the first async one
    /// on, an ``EndRunner`` walks the rest in one task, awaited up to `deadline`, after which
    /// what is left is walked here, its async steps started cancelled and listed as overran.
    func awaitSteps(
        _ walk: inout EndWalk, watching watched: inout Watches, of container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        var runner: EndRunner?
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            guard runner == nil else {
                await runLate(pending, of: container, tracer: tracer, until: deadline, into: &own)
                continue
            }
            let started = EndRunner(
                self, first: pending, walk: walk, watched: watched, container: container,
                tracer: tracer)
            runner = started
            walk = EndWalk(hooks: [], entries: EntryTable())
            watched = Watches()
            if await started.work.run(until: deadline) {
                watched = started.finished
                return
            }
            switch await started.takeOver() {
            case .finished(let followed):
                watched = followed
                return
            case .taken(let rest, let followed, let running, let notStarted):
                (walk, watched) = (rest, followed)
                if let running { own.addOverran(running, started.work) }
                if let notStarted {
                    await runLate(
                        notStarted, of: container, tracer: tracer, until: deadline, into: &own)
                }
            }
        }
    }

    /// An async step reached once the deadline has passed: started, and cancelled at once
    /// unless it finishes first, as the runner's own step was.
    private func runLate(
        _ pending: PendingWork, of container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        let (work, endWork) = started(pending, in: container, tracer: tracer)
        if await !work.run(until: deadline) { own.addOverran(endWork, work) }
    }
}
