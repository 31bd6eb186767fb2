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
///
/// Its transitions are ``EndRunnerState``'s, a value tested without threads.
struct EndRunner {
    /// What the runner's task and the end's caller share.
    private final class Shared: Sendable {
        let state: Lock<EndRunnerState>

        init(_ state: consuming EndRunnerState) { self.state = Lock(state) }
    }

    private let shared: Shared
    let work: TrackedWork

    typealias Rest = EndRunnerState.Rest

    /// Prepares the runner of `sequence`'s step 5 from `first`, the walk's first async step,
    /// with the rest of the walk; ``work`` runs it.
    ///
    /// Without `first`, the runner begins with
    /// the walk: the rest of an inline end whose caller was cancelled.
    init(
        _ sequence: EndSequence, first: EndSequence.PendingWork?, walk: consuming EndWalk,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        let shared = Shared(EndRunnerState(walk: walk, running: first))
        self.shared = shared
        work = TrackedWork(for: sequence.core) {
            await Self.run(sequence, first: first, shared: shared, tracer: tracer)
        }
    }

    /// The runner's task: awaits each async step, and walks the synchronous ones between
    /// them in ``next(after:_:shared:tracer:)``.
    ///
    /// For the "8 async end hooks" line of Benchmarks/README.md: the loop that walked the
    /// synchronous steps here kept every step, move and spent walk it might hold in the
    /// task's frame, which the task's allocator took from the heap at each end. Measured with
    /// the other changes ``Resumption`` lists.
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
        var move = shared.state.withLock { $0.stepReturned() }
        while true {
            switch move {
            case .await(let pending):
                return pending
            case .perform(let step):
                let pending = sequence.act(step, tracer: tracer)
                move = shared.state.withLock { $0.performed(leaving: pending) }
            case .finish, .stop:
                return nil
            }
        }
    }

    /// Takes the rest of the walk over, once the deadline has passed: at once if the runner
    /// awaits a step; else once it reaches its next step or finishes.
    func takeOver() async -> Rest {
        if let rest = shared.state.withLock({ $0.callerWantsTheWalk() }) { return rest }
        // The runner stops at its next critical section, and its work finishes there.
        await work.wait()
        return shared.state.withLock { $0.rest() } ?? .finished(EndSequence.Watches())
    }

    /// What the runner followed, once it has walked every step.
    var finished: EndSequence.Watches { shared.state.withLock { $0.takeWatched() } }
}
