import Synchronization

/// A provider being built right now: one claim on its entry, which other callers wait for.
///
/// It does not know which provider it builds: whoever waits for it knows, having found it in
/// that provider's entry, and tells the ``WaitGraph``. So a thread's construction is the
/// same for any provider, and a thread reuses its own (``ResolutionStack/takeConstruction()``)
/// once nothing else refers to it.
///
/// There is one kind of claim and two ways of waiting on it, chosen by who builds:
/// - a thread builds it with synchronous factories, holding `gate` for as long as the factory
///   runs, so another thread blocks on the gate and wakes when the instance is stored or the
///   factory gave up;
/// - a task builds it with async factories, and every concurrent first caller awaits its
///   `work` (single flight), then reads what it made.
package final class Construction: Sendable {
    /// The agent (a thread, or an async construction) whose work builds it.
    let builder: Agent
    /// Held by a thread builder while its factory runs; unused by a task.
    ///
    /// It guards what the construction made and did not store, which the builder sets for
    /// its waiters before the gate opens.
    let gate = Lock<Instance?>(nil)
    /// The work that builds it in a task of its own, when a task does; `nil` when a thread
    /// does.
    package let work: TrackedWork?
    /// What the work made or threw; `nil` for a thread's construction.
    ///
    /// Given by the work's body, before the work lets go of it; read once the work has
    /// finished.
    ///
    /// Not the task's result: a task keeps its result until the task object is freed, and the
    /// runtime frees it only after it has resumed the task's waiters, on the thread that ran
    /// it, which may be descheduled in between. A caller that had let go of the instance and
    /// ended its container would then see the instance alive, held by nothing but a finished
    /// task. Kept here, what was made goes when the construction goes: once its last caller
    /// has taken the instance and returned.
    private let made: OneShot<Result<Instance, any Error>>?
    /// Tells the task whether its claim was won, and with which override; `nil` for a
    /// thread's construction.
    private let answer: OneShot<ClaimOutcome>?
    private let finished = Atomic<Bool>(false)

    /// A construction by the thread `builder`, which holds the gate while it builds.
    package init(builder: Agent) {
        self.builder = builder
        self.work = nil
        self.made = nil
        self.answer = nil
    }

    /// A construction by a task of its own, as part of the caller's top-level resolution (or
    /// the start of one), prepared before its claim: the shell makes it outside the lock,
    /// the claim decides, and the shell then calls ``begin(with:)`` if the claim is its, or
    /// ``discard()``.
    ///
    /// The work is started here, and waits for that answer before it runs `make`: so it
    /// exists, to await and to cancel, from the moment the claim records the construction.
    /// A waiter that finds it before `begin` awaits work that is about to run; an end that
    /// cancels it before `begin` cancels the task `make` will run in.
    package init(
        frame: Frame, outerFrames: [Frame],
        make: @escaping @Sendable (Override?) async throws -> Instance
    ) {
        let agent = Construction.nextTaskAgent()
        let graph = AsyncResolution.graph ?? ResolutionGraph()
        let answer = OneShot<ClaimOutcome>()
        let made = OneShot<Result<Instance, any Error>>()
        self.builder = agent
        self.answer = answer
        self.made = made
        // The work inherits the caller's `runningFor`, as the caller's own task would.
        let work = TrackedWork(for: nil) {
            guard case .build(let override)? = await answer.value() else {
                made.give(.failure(CancellationError()))
                return
            }
            do {
                let instance = try await AsyncResolution.$agent.withValue(agent) {
                    try await AsyncResolution.$frames.withValue(outerFrames + [frame]) {
                        try await AsyncResolution.$graph.withValue(graph) {
                            try await make(override)
                        }
                    }
                }
                made.give(.success(instance))
            } catch {
                made.give(.failure(error))
            }
        }
        work.start()
        self.work = work
    }

    /// What a task's construction made or threw, once its work has finished and let go of
    /// everything it captured; awaited whether or not the awaiting task is cancelled.
    package func built() async -> Result<Instance, any Error> {
        guard let work, let made else { preconditionFailure("awaited a thread's build") }
        await work.wait()
        return made.given ?? .failure(CancellationError())
    }

    /// Starts a task's construction whose claim was won, building with `override`.
    package func begin(with override: Override?) { _ = answer?.give(.build(override)) }

    /// Stops a task's construction whose claim was not won: nobody saw it, and its task
    /// ends without building.
    package func discard() { _ = answer?.give(.stop) }

    /// Whether a task builds it, so that its waiters await its work instead of the gate.
    var isAsync: Bool { work != nil }

    /// Whether it has stored its instance or given up: an agent still recorded as waiting
    /// for it is about to wake, not blocked.
    ///
    /// Always `false` for a task's construction: its agent is that construction alone and
    /// builds nothing after it, so a waiter's record that outlives it cannot lead back to a
    /// live agent.
    package var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Marks a thread's construction finished; its builder calls this before it opens the
    /// gate.
    package func finish() { finished.store(true, ordering: .releasing) }

    /// Makes a finished thread's construction ready for its builder's next claim.
    ///
    /// Only for one nothing else refers to: no entry, no waiter, no record of the wait
    /// graph. Whoever refers to it later found it in an entry, under that scope's lock, after
    /// this.
    func reopen() { finished.store(false, ordering: .relaxed) }

    /// The instance the construction handed to its callers without storing it, if it did:
    /// read under the gate, so a waiter blocks here until the builder opens it.
    var passedOn: Instance? { gate.withLock { $0 } }

    private static let counter = Atomic<UInt>(0)

    /// A new agent, numbered apart from every other async construction's.
    private static func nextTaskAgent() -> Agent {
        .task(counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}

/// What a task's construction, started before its claim, learns from the claim.
enum ClaimOutcome: Sendable {
    /// The claim is the construction's: build with this override, if any.
    case build(Override?)
    /// Someone else's instance or construction was found, or the scope ended.
    case stop
}

/// The stack and identity of an async construction, carried by task-local values so that
/// an async factory awaiting another async provider is checked for cycles too.
enum AsyncResolution {
    @TaskLocal static var frames: [Frame] = []
    /// The async construction the current task is running, if any.
    @TaskLocal static var agent: Agent?
    /// The graph of the async top-level resolution the current task is part of, if any.
    @TaskLocal static var graph: ResolutionGraph?
}

/// A construction held as a token: what a thread holds while it runs user code that another
/// thread may have to wait out — a subscription's handler, which `cancel()` waits for; the
/// body of an `Observed.withValue`, which the next change waits for; a container's plans,
/// which whoever uses the container waits for.
///
/// The waiter blocks on the token's gate with the ``WaitGraph`` watching: a wait that would
/// never end — the holder waits, through other threads, for the waiter — is not waited, and
/// is reported as a cycle to a construction in it. These two methods are the only way to
/// hold one and to wait one out.
extension Construction {
    /// Runs `body` holding the token: whoever waits it out waits until `body` returns.
    package func hold<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try gate.withLock { (_) throws(Failure) -> Result in
            // Finished before the gate opens: a waiter recorded on it is about to wake.
            defer { finish() }
            return try body()
        }
    }

    /// Blocks until the holder lets go of the token, unless that would never end.
    ///
    /// - Parameter stack: The waiting thread's resolution stack.
    /// - Returns: Whether it waited; `false` when waiting would have closed a cycle, which
    ///   the wait graph reports to the first construction wait in it.
    @discardableResult
    package func waitOut(on stack: ResolutionStack = .current) -> Bool {
        WaitGraph.blockUnlessCycle(agent: stack.agent, frames: stack.frames, on: self)
    }
}

extension ResolutionStack {
    /// A construction for this thread's next claim: the spare, reopened, or a new one.
    ///
    /// Kept for the README's "heap allocations per child lifecycle" line: a child's first
    /// resolution claims its entry, and without a spare that claim allocates, 5 allocations
    /// per lifecycle against the floor's 3 (1.67×, over the 1.5× target) instead of 4
    /// (1.33×). It also spares `Observed.withValue` and each delivery an allocation.
    ///
    /// One spare, not one per level: a first resolution nested in a factory's allocates,
    /// as the outer claim still holds the spare. A stack of spares cost every child
    /// lifecycle 112 instructions more (callgrind, `strata-bench --smoke --filter
    /// interaction`) and moves no README line.
    package func takeConstruction() -> Construction {
        guard let spare = spare.take() else { return Construction(builder: agent) }
        spare.reopen()
        return spare
    }

    /// Keeps `construction` as the spare if nothing else refers to it any more — no entry
    /// holds its claim, no waiter or record of the wait graph, no delivery — and no spare is
    /// kept yet (a nested resolution gave one back first).
    package func giveBack(_ construction: inout Construction) {
        guard spare == nil, isKnownUniquelyReferenced(&construction) else { return }
        spare = construction
    }
}
