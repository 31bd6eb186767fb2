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
/// - a task builds it with async factories, and every concurrent first caller awaits `task`
///   (single flight).
package final class Construction: Sendable {
    /// The agent (a thread, or an async construction) whose work builds it.
    let builder: Agent
    /// Held by a thread builder while its factory runs; unused by a task.
    ///
    /// It guards what the construction made and did not store, which the builder sets for
    /// its waiters before the gate opens.
    let gate = Lock<Instance?>(nil)
    /// The task that builds it, when a task does; `nil` when a thread does.
    package let task: Task<Instance, any Error>?
    /// Tells the task whether its claim was won, and with which override; `nil` for a
    /// thread's construction.
    private let answer: OneShot<ClaimOutcome>?
    private let finished = Atomic<Bool>(false)

    /// A construction by the thread `builder`, which holds the gate while it builds.
    package init(builder: Agent) {
        self.builder = builder
        self.task = nil
        self.answer = nil
    }

    /// A construction by a task of its own, as part of the caller's top-level resolution (or
    /// the start of one), prepared before its claim: the shell makes it outside the lock,
    /// the claim decides, and the shell then calls ``begin(with:)`` if the claim is its, or
    /// ``discard()``.
    ///
    /// The task is started here, and waits for that answer before it runs `make`: so it
    /// exists, to await and to cancel, from the moment the claim records the construction.
    /// A waiter that finds it before `begin` awaits a task that is about to run; an end that
    /// cancels it before `begin` cancels the task `make` will run in.
    package init(
        frame: Frame, outerFrames: [Frame],
        make: @escaping @Sendable (Override?) async throws -> Instance
    ) {
        let agent = Construction.nextTaskAgent()
        let graph = AsyncResolution.graph ?? ResolutionGraph()
        let answer = OneShot<ClaimOutcome>()
        self.builder = agent
        self.answer = answer
        self.task = TrackedWork.construction {
            guard case .build(let override)? = await answer.value() else {
                throw CancellationError()
            }
            return try await AsyncResolution.$agent.withValue(agent) {
                try await AsyncResolution.$frames.withValue(outerFrames + [frame]) {
                    try await AsyncResolution.$graph.withValue(graph) { try await make(override) }
                }
            }
        }
    }

    /// Starts a task's construction whose claim was won, building with `override`.
    package func begin(with override: Override?) { _ = answer?.give(.build(override)) }

    /// Stops a task's construction whose claim was not won: nobody saw it, and its task
    /// ends without building.
    package func discard() { _ = answer?.give(.stop) }

    /// Whether a task builds it, so that its waiters await the task instead of the gate.
    var isAsync: Bool { task != nil }

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
