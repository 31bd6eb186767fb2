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
/// cancelled, runs the synchronous ones, and releases.
///
/// So the walk stays in the lock the runner and the caller share, and the runner takes each
/// step from it there, in place: one critical section between two async steps, which clears
/// the step that returned and takes the next. While the runner awaits a step the walk is the
/// caller's to take at once; while it runs a synchronous step, outside the lock, a caller
/// that wants the walk waits for the runner to stop at its next critical section. Nothing
/// the walk lets go of is let go in the lock: the spent walk is handed out to be dropped.
///
/// Shaped for the "8 async end hooks" line of Benchmarks/README.md: the runner no longer
/// takes the walk out of the lock and parks it again around each step, nor names each step
/// for the report before running it.
struct EndRunner {
    private enum Phase {
        /// Awaiting ``State/running``: the walk is the caller's to take.
        case awaiting
        /// Running a synchronous step, outside the lock.
        case walking
        /// Stopped at its next step because the caller wanted the walk.
        case stopped
        /// Walked every step.
        case finished
        /// The caller took the walk.
        case taken
    }

    private struct State {
        /// The rest of the walk, until it is spent or taken.
        var walk: EndWalk?
        /// What the runner's steps followed.
        var watched: EndSequence.Watches? = EndSequence.Watches()
        /// The async step the runner awaits; named only if it overruns.
        var running: EndSequence.PendingWork?
        /// The async step an instance's end left when the runner stopped for the caller.
        var notStarted: EndSequence.PendingWork?
        var phase = Phase.awaiting
        /// The caller asked for the walk: the runner stops at its next critical section.
        var wanted = false
    }

    /// What the runner does next, decided in the lock.
    private enum Move {
        case await(EndSequence.PendingWork)
        case perform(EndSequence.Step)
        /// The walk is spent: dropped outside the lock, before the work counts as finished.
        case finish(EndWalk)
        case stop
    }

    /// What the runner's task and the end's caller share.
    private final class Shared: Sendable {
        let state: Lock<State>

        init(_ state: consuming State) { self.state = Lock(state) }
    }

    private let shared: Shared
    let work: TrackedWork

    /// What the caller finds when it takes the walk over.
    enum Rest {
        /// The runner walked every step; here is what it followed.
        case finished(EndSequence.Watches)
        /// The rest of the walk, what the runner followed, the step still running (overran),
        /// and the one the runner did not start.
        case taken(
            EndWalk, EndSequence.Watches, running: EndSequence.PendingWork?,
            notStarted: EndSequence.PendingWork?)
    }

    /// Prepares the runner of `sequence`'s step 5 from `first`, the walk's first async step,
    /// with the rest of the walk; ``work`` runs it.
    ///
    /// Without `first`, the runner begins with
    /// the walk: the rest of an inline end whose caller was cancelled.
    init(
        _ sequence: EndSequence, first: EndSequence.PendingWork?, walk: consuming EndWalk,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        let shared = Shared(State(walk: walk, running: first))
        self.shared = shared
        work = TrackedWork(for: sequence.core) {
            await Self.run(sequence, first: first, shared: shared, tracer: tracer)
        }
    }

    /// The runner's task: awaits each async step, and walks the synchronous ones between
    /// them in ``next(after:_:shared:tracer:)``.
    ///
    /// For the README's "8 async end hooks" line: the loop that walked the synchronous steps
    /// here kept every step, move and spent walk it might hold in the task's frame, 6,208
    /// bytes, which the task's allocator took from the heap at each end. Measured with the
    /// other changes ``Resumption`` lists.
    private static func run(
        _ sequence: EndSequence, first: EndSequence.PendingWork?, shared: Shared,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) async {
        var pending = first ?? next(after: sequence, shared: shared, tracer: tracer)
        let owner = pending == nil ? nil : sequence.core.owner
        while let step = pending {
            sequence.traceStart(step, tracer: tracer)
            await sequence.run(step, owner: owner)
            pending = next(after: sequence, shared: shared, tracer: tracer)
        }
    }

    /// The next async step once one has returned, after the synchronous steps before it;
    /// `nil` when the runner stops: the walk is spent (and dropped here, outside the lock)
    /// or the caller wants it.
    @inline(never)
    private static func next(
        after sequence: EndSequence, shared: Shared, tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> EndSequence.PendingWork? {
        var move = shared.state.withLock { state in
            state.running = nil
            guard state.phase == .awaiting else { return Move.stop }
            return advance(&state)
        }
        while true {
            switch move {
            case .await(let pending):
                return pending
            case .perform(let step):
                let pending = sequence.act(step, tracer: tracer)
                move = shared.state.withLock { state in
                    guard let pending else { return advance(&state) }
                    guard !state.wanted else {
                        state.notStarted = pending
                        state.phase = .stopped
                        return .stop
                    }
                    state.running = pending
                    state.phase = .awaiting
                    return .await(pending)
                }
            case .finish, .stop:
                return nil
            }
        }
    }

    /// Takes the next step from the walk, in the lock: an async hook is awaited at once; any
    /// other step is performed outside the lock, an instance followed here first.
    private static func advance(_ state: inout State) -> Move {
        guard !state.wanted else {
            state.phase = .stopped
            return .stop
        }
        guard let step = state.walk?.next(lettingGo: false) else {
            state.phase = .finished
            return state.walk.take().map(Move.finish) ?? .stop
        }
        switch step {
        case .hook(.asyncClosure(let hook)):
            let pending = EndSequence.PendingWork.hook(hook)
            state.running = pending
            state.phase = .awaiting
            return .await(pending)
        case .instance(let instance, _, let site):
            state.watched?.follow(instance, site: site)
        case .hook:
            break
        }
        state.phase = .walking
        return .perform(step)
    }

    /// Takes the rest of the walk over, once the deadline has passed: at once if the runner
    /// awaits a step; else once it reaches its next step or finishes.
    func takeOver() async -> Rest {
        let rest = shared.state.withLock { state -> Rest? in
            state.wanted = true
            return Self.rest(&state)
        }
        if let rest { return rest }
        // The runner stops at its next critical section, and its work finishes there.
        await work.wait()
        return shared.state.withLock { Self.rest(&$0) } ?? .finished(EndSequence.Watches())
    }

    /// What the runner followed, once it has walked every step.
    var finished: EndSequence.Watches {
        shared.state.withLock { $0.watched.take() } ?? EndSequence.Watches()
    }

    private static func rest(_ state: inout State) -> Rest? {
        switch state.phase {
        case .walking, .taken:
            return nil
        case .finished:
            return .finished(state.watched.take() ?? EndSequence.Watches())
        case .awaiting, .stopped:
            guard let walk = state.walk.take() else { return nil }
            state.phase = .taken
            return .taken(
                walk, state.watched.take() ?? EndSequence.Watches(),
                running: state.running.take(), notStarted: state.notStarted.take())
        }
    }
}
