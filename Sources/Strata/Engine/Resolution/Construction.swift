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
/// - a caller's task builds it with an async factory, run in that task, and every concurrent
///   first caller awaits its ``Outcome`` (single flight).
package final class Construction: Sendable {
    /// The agent (a thread, or an async construction) whose work builds it.
    let builder: Agent
    /// Held by a thread builder while its factory runs; unused by a task.
    ///
    /// It guards what the construction made and did not store, which the builder sets for
    /// its waiters before the gate opens.
    let gate = Lock<Instance?>(nil)
    /// Whether a task builds it, so that its waiters await its outcome instead of the gate.
    let isAsync: Bool
    /// What an async construction came to, for its waiters; unused by a thread's.
    ///
    /// What it made goes when the construction goes: once its last waiter has taken the
    /// instance and returned. No task of Strata's holds it.
    private let outcome = Lock(Outcome.Waited.nobody)
    private let finished = Atomic<Bool>(false)

    /// What an async construction came to, as its waiters see it.
    package enum Outcome: Sendable {
        /// The instance to return: stored, passed on, or what the entry held instead.
        case built(Instance)
        /// The factory threw, its caller not cancelled: every waiter throws it.
        case failed(any Error)
        /// Its caller was cancelled and gave the claim up: a waiter claims again and builds
        /// in its own task, never seeing that caller's cancellation.
        case gaveUp
        /// The scope ended first.
        case ended

        /// Where single flight stands.
        ///
        /// The one-shot its waiters await is made by the first of them, so a construction
        /// nobody waits for — most — makes none, and boxes no outcome for it. For the
        /// README's "request" lines.
        fileprivate enum Waited {
            /// Nobody waits yet, and nothing is settled.
            case nobody
            /// A waiter came first; the outcome goes to the one-shot.
            case awaited(OneShot<Outcome>)
            /// Settled before anyone waited.
            case settled(Outcome)
        }
    }

    /// A construction by the thread `builder`, which holds the gate while it builds.
    package init(builder: Agent) {
        self.builder = builder
        isAsync = false
    }

    /// A construction whose async factory runs in the task of the caller that claims it.
    package init() {
        builder = Construction.nextTaskAgent()
        isAsync = true
    }

    /// Tells the waiters what the construction came to; the first word stands.
    package func settle(_ outcome: Outcome) {
        guard isAsync else { return }
        let waiting: OneShot<Outcome>? = self.outcome.withLock { waited in
            switch waited {
            case .nobody:
                waited = .settled(outcome)
                return nil
            case .awaited(let waiting): return waiting
            case .settled: return nil
            }
        }
        // Given outside the lock: it resumes the waiters. A later word is ignored there.
        waiting?.give(outcome)
    }

    /// What the construction came to; `nil` when the waiting task is cancelled first, which
    /// stops waiting at once.
    package func awaitOutcome() async -> Outcome? {
        precondition(isAsync, "awaited a thread's build")
        // Made before the lock, and dropped if a waiter came first; given at once if the
        // outcome was settled before any waiter (nobody else holds it, so nothing runs).
        let mine = OneShot<Outcome>()
        let waiting: OneShot<Outcome> = outcome.withLock { waited in
            switch waited {
            case .nobody:
                waited = .awaited(mine)
                return mine
            case .awaited(let first): return first
            case .settled(let settled):
                mine.give(settled)
                return mine
            }
        }
        return await waiting.value()
    }

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

/// The stack and identity of an async construction, carried by task-local values so that
/// an async factory awaiting another async provider is checked for cycles too.
///
/// One task-local value holds the three, so that an async construction pushes one, not three.
enum AsyncResolution {
    struct Context: Sendable {
        /// The async construction the current task is running.
        var agent: Agent
        /// The providers outside the one it builds, outermost first.
        ///
        /// None for a top-level resolution, which so makes no array. For the README's
        /// "request" lines.
        var outerFrames: [Frame]
        /// The provider it builds.
        var frame: Frame
        /// The graph of the async top-level resolution the current task is part of.
        var graph: ResolutionGraph

        /// The providers it is building, outermost first.
        var frames: [Frame] { outerFrames + [frame] }
    }

    /// The async construction the current task runs, if any.
    @TaskLocal static var current: Context?

    static var graph: ResolutionGraph? { current?.graph }
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
    /// resolution claims its entry, and without a spare that claim allocates: the child's
    /// allocations line of Benchmarks/README.md goes over its target without it. It also
    /// spares `Observed.withValue` and each delivery an allocation.
    ///
    /// One spare, not one per level: a first resolution nested in a factory's allocates,
    /// as the outer claim still holds the spare. A stack of spares made every child
    /// lifecycle dearer and moved no line.
    package func takeConstruction() -> Construction {
        guard let spare = takeSpare() else { return Construction(builder: agent) }
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
