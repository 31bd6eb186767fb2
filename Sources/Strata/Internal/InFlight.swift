import Synchronization

/// A synchronous construction in progress.
///
/// Its builder holds `gate` for as long as the factory runs, so another thread that needs the same
/// instance blocks on the gate and wakes when the instance is stored (or the factory failed).
final class InFlight: Construction {
    let gate = Gate()
    let builder: Agent
    let frame: Frame
    private let finished = Atomic<Bool>(false)
    /// What the construction made and did not store, for its waiters: set before the gate
    /// opens.
    private let passed = Lock<Instance?>(nil)

    init(builder: Agent, frame: Frame) {
        self.builder = builder
        self.frame = frame
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Marks the construction finished; its builder calls this before it opens the gate.
    func finish() { finished.store(true, ordering: .releasing) }

    /// The instance the construction handed to its callers without storing it, if it did.
    var passedOn: Instance? { passed.withLock { $0 } }

    /// Hands `instance` to the construction's waiters; its builder calls this before it opens
    /// the gate.
    func passOn(_ instance: Instance) { passed.withLock { $0 = instance } }
}

/// An async construction in progress: one task that every concurrent first caller awaits.
final class AsyncInFlight: Construction {
    let builder: Agent
    let frame: Frame
    let task: Task<Instance, any Error>

    init(
        frame: Frame, outerFrames: [Frame],
        make: @escaping @Sendable () async throws -> Instance
    ) {
        let agent = AsyncInFlight.nextAgent()
        // Part of the caller's top-level resolution, or the start of one.
        let graph = AsyncResolution.graph ?? ResolutionGraph()
        self.builder = agent
        self.frame = frame
        self.task = Task {
            try await AsyncResolution.$agent.withValue(agent) {
                try await AsyncResolution.$frames.withValue(outerFrames + [frame]) {
                    try await AsyncResolution.$graph.withValue(graph) { try await make() }
                }
            }
        }
    }

    /// Always `false`: the cycle check never needs to skip an async construction.
    ///
    /// Its agent is this construction alone and builds nothing after it, so a waiter's
    /// record that outlives it cannot lead back to a live agent.
    var isFinished: Bool { false }

    private static let counter = Atomic<UInt>(0)

    /// A new agent, numbered apart from every other async construction's.
    private static func nextAgent() -> Agent {
        .task(counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}
