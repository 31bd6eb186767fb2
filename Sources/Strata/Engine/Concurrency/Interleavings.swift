#if STRATA_EXPLORER
    import Dispatch
    import Foundation
    import Synchronization

    /// The explorer's hold on Strata's scheduling points, in the explorer's own build only
    /// (`-Xswiftc -DSTRATA_EXPLORER`, its own scratch path): the production path and its
    /// instruction counts are untouched.
    ///
    /// While a run is on, exactly one of the run's threads runs at a time. Every acquisition of a
    /// ``Lock`` that is not nested in another (and so every one-shot give and wait, every task
    /// start and every transition) is a point where the running thread stops and the explorer
    /// chooses what runs next: a thread stopped at a point, a job of a task that prefers the
    /// explorer as its executor (every task ``TrackedWork`` starts, and the operations the
    /// explorer starts), or a deadline a one-shot's wait registered (``Deadlines``), which fires
    /// only when the explorer says. A nested acquisition is no point: the thread holds a lock
    /// there, and another thread that wanted it would block where the explorer cannot see.
    ///
    /// Its own state is behind a `Synchronization.Mutex`, not a ``Lock``, whose acquisitions are
    /// the points it controls.
    // @unchecked: `state` is behind its mutex; a `Worker`'s `depth` is touched only by the one
    // thread that runs at a time, its own.
    package final class Interleavings: TaskExecutor, @unchecked Sendable {
        /// The one scheduler of the process: the explorer's tests run one at a time.
        package static let shared = Interleavings()

        /// A thread of a run: one job of a task, or one deadline's firing, run to its end with
        /// stops at points.
        final class Worker: @unchecked Sendable {
            let id: Int
            let resume = DispatchSemaphore(value: 0)
            /// How many locks the worker holds; touched only by its own thread.
            var depth = 0
            var thread: ObjectIdentifier?

            init(id: Int) { self.id = id }
        }

        /// What the explorer may choose to run next.
        enum Runnable: CustomStringConvertible {
            case job(UnownedJob)
            case stopped(Worker)
            case deadline(@Sendable () -> Void)

            var description: String {
                switch self {
                case .job: "job"
                case .stopped: "thread"
                case .deadline: "deadline"
                }
            }
        }

        private struct State {
            var on = false
            var runnables: [(id: Int, runnable: Runnable)] = []
            var running: Worker?
            var nextID = 0
            /// A switch a mutation check turns on; see ``mutation``.
            var mutation: String?
            /// Threads whose work is done, kept across runs: a run starts dozens of jobs.
            var idle: [PooledThread] = []
            /// The explorer's choice at a point; see ``begin(mutation:choose:)``.
            var choose: Choose?
            /// What a thread stopped at a point chose to run instead of itself, for the
            /// controller: an id, or `nil` to stop the run.
            var handedOff: Int??
        }

        private let state = Mutex(State())
        private let isOn = Atomic<Bool>(false)
        private let stepped = DispatchSemaphore(value: 0)

        private init() {}

        // MARK: The hooks Strata calls

        /// A switch that brings back an old behaviour for the explorer's mutation check: the
        /// named mutation is on, or `nil`.
        package static var mutation: String? { shared.state.withLock { $0.mutation } }

        /// Whether a run is on: the hooks do nothing otherwise.
        static var isExploring: Bool { shared.isOn.load(ordering: .acquiring) }

        /// Called before a ``Lock`` is taken: a point when no other lock is held.
        static func willLock() {
            guard isExploring, let worker = shared.runningHere() else { return }
            if worker.depth == 0 { shared.stop(worker) }
            worker.depth += 1
        }

        /// Called once a ``Lock`` is let go.
        static func didUnlock() {
            guard isExploring, let worker = shared.runningHere() else { return }
            worker.depth -= 1
        }

        /// Registers `fire` as a deadline the explorer may choose to reach.
        ///
        /// - Returns: Its number, to withdraw.
        static func deadline(_ fire: @escaping @Sendable () -> Void) -> UInt64 {
            shared.state.withLock { state in
                let id = state.nextID
                state.nextID += 1
                state.runnables.append((id, .deadline(fire)))
                return UInt64(id)
            }
        }

        /// Withdraws a deadline that has not fired.
        static func withdraw(_ id: UInt64) {
            shared.state.withLock { state in
                state.runnables.removeAll { $0.id == Int(id) }
            }
        }

        package func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            state.withLock { state in
                state.runnables.append((state.nextID, .job(job)))
                state.nextID += 1
            }
        }

        // MARK: The controller's side

        /// The explorer's choice of what runs next: given what may run, ordered by id, and the id
        /// of what ran last, the id to run, or `nil` to stop the run.
        ///
        /// It is called by one thread at a time, the controller's or the run's running one.
        package typealias Choose =
            @Sendable (_ choices: [(id: Int, kind: String)], _ last: Int?) -> Int?

        /// How a step the controller ran came back to it.
        package enum Outcome {
            /// The thread's work is done, or it stopped at a point and was not chosen again:
            /// the controller chooses what runs next.
            case settled
            /// A thread stopped at a point and ``Choose`` chose `next` there (`nil`: stop the
            /// run).
            case handedOff(next: Int?)
            /// Nothing came back within the limit: a thread blocked where the explorer cannot
            /// see.
            case blocked
        }

        /// Starts a run: from now on the points stop the run's threads.
        ///
        /// A thread stopped at a point asks `choose` itself: when it is chosen again, as it is on
        /// most steps, it goes on with no hand-off to the controller, whose two thread switches
        /// per step took most of a run's time.
        ///
        /// - Parameters:
        ///   - mutation: The old behaviour to bring back, if any.
        ///   - choose: The explorer's choice at every step.
        package func begin(mutation: String?, choose: @escaping Choose) {
            state.withLock { state in
                state = State(idle: state.idle)
                state.on = true
                state.mutation = mutation
                state.choose = choose
            }
            isOn.store(true, ordering: .releasing)
        }

        /// Ends a run; what is still runnable is dropped (its jobs never run: their tasks stay
        /// suspended, which a run reports as a violation before it ends).
        ///
        /// - Returns: How many threads were left stopped at a point; they are let go to run
        ///   freely.
        @discardableResult
        package func end() -> Int {
            isOn.store(false, ordering: .releasing)
            let left = state.withLock { state in
                defer { state = State(idle: state.idle) }
                return state.runnables
            }
            var stopped = 0
            for (_, runnable) in left {
                if case .stopped(let worker) = runnable {
                    stopped += 1
                    worker.resume.signal()
                }
            }
            return stopped
        }

        /// What may run next, by id: the order the explorer's choices index.
        package var runnables: [(id: Int, kind: String)] {
            state.withLock { Self.choices($0.runnables) }
        }

        private static func choices(_ runnables: [(id: Int, runnable: Runnable)])
            -> [(id: Int, kind: String)]
        {
            runnables.sorted { $0.id < $1.id }.map { ($0.id, $0.runnable.description) }
        }

        /// Runs the runnable `id` until control comes back: its thread's work is done, or a
        /// thread stopped at a point chose another to run.
        ///
        /// - Returns: ``Outcome/blocked`` when nothing came back within `limit`, which a run
        ///   reports as a deadlock. Thirty seconds: a step takes microseconds, but on a loaded
        ///   machine one was starved past five.
        package func run(_ id: Int, limitInSeconds limit: Int = 30) -> Outcome {
            let chosen: Runnable? = state.withLock { state in
                state.handedOff = nil
                guard let index = state.runnables.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.runnables.remove(at: index).runnable
            }
            switch chosen {
            case nil:
                return .settled
            case .stopped(let worker):
                state.withLock { $0.running = worker }
                worker.resume.signal()
            case .job(let job):
                start(Worker(id: id)) { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
            case .deadline(let fire):
                start(Worker(id: id), fire)
            }
            guard stepped.wait(timeout: .now() + .seconds(limit)) == .success else {
                return .blocked
            }
            return state.withLock { state in state.handedOff.map { .handedOff(next: $0) } }
                ?? .settled
        }

        /// Runs `body` as `worker` on a thread of the pool, or a new one.
        private func start(_ worker: Worker, _ body: @escaping @Sendable () -> Void) {
            let thread = state.withLock { state -> PooledThread? in
                state.running = worker
                return state.idle.popLast()
            }
            let work = { @Sendable [self] in
                worker.thread = ObjectIdentifier(Thread.current)
                body()
                state.withLock { $0.running = nil }
                stepped.signal()
            }
            if let thread {
                thread.run(work)
            } else {
                PooledThread.start(work, returningTo: self)
            }
        }

        /// Takes back a thread whose work is done, for the next job.
        func idle(_ thread: PooledThread) {
            state.withLock { $0.idle.append(thread) }
        }

        /// The worker running on this thread, if this is the run's running thread.
        private func runningHere() -> Worker? {
            let worker = state.withLock { $0.running }
            guard let worker, worker.thread == ObjectIdentifier(Thread.current) else { return nil }
            return worker
        }

        /// Stops `worker`, the running one, at a point, and asks the explorer what runs next:
        /// itself, and it goes on at once, or another, and it waits until the explorer runs it.
        private func stop(_ worker: Worker) {
            let (choices, choose) = state.withLock { state in
                (Self.choices(state.runnables + [(worker.id, .stopped(worker))]), state.choose)
            }
            // Called with no lock of the scheduler's held: `choose` reads only its own state.
            let next = choose?(choices, worker.id)
            if next == worker.id { return }
            state.withLock { state in
                state.running = nil
                state.runnables.append((worker.id, .stopped(worker)))
                state.handedOff = .some(next)
            }
            stepped.signal()
            worker.resume.wait()
            guard Self.isExploring else { return }
            // The controller set `running` to this worker before it signalled.
        }
    }

    extension Container {
        /// Where the container stands in its life, for the explorer's invariants.
        package var explorerPhase: ScopeState.Phase { scope.unboundCore.read { $0.phase } }

        /// Whether the container's end waits for a child ending elsewhere.
        package var explorerWaitsForChildren: Bool {
            scope.unboundCore.read { $0.ending }?.waitsForChildren ?? false
        }
    }
#endif
