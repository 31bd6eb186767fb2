/// Async work Strata starts — an async end hook, the ``AsyncScopeBound/scopeDidEnd()`` of an
/// instance, a ``Container/task(priority:fileID:filePath:line:_:)``, an awaited end, an async
/// construction, a leak watcher's batch of judgements — and can wait for, with a deadline,
/// or cancel.
///
/// Every task Strata starts is started in this file, and nowhere else: so each one is
/// tracked, and nothing Strata starts runs on unseen.
///
/// The work counts as finished only once it has let go of what it captured. A task's closure
/// lives as long as the task object, which outlives the moment its result is ready: waiting
/// on `task.value` resumes the waiter while the closure still holds its captures, and a
/// judgement made then sees an instance that only the finishing task held. Here
/// the body is taken out of the lock, run and dropped before ``isFinished`` turns true and
/// the waiters resume, so whoever waits sees only what something else still holds.
///
/// For the same reason the work returns nothing through its task: a task keeps its result
/// until the runtime frees the task, after it has resumed the waiters. Work that makes a
/// value gives it to a slot of its own, read once the work has finished, as an async
/// ``Construction`` does.
package final class TrackedWork: Sendable {
    private struct State {
        var body: (@Sendable () async -> Void)?
        /// The scope whose end or task this is, if any.
        ///
        /// While the body runs, an `endAndWait` of that scope or one above it would wait for
        /// the body itself. Let go with the body, so that finished work keeps no scope alive.
        var owner: ScopeCore?
        var task: Task<Void, Never>?
    }

    private let state: Lock<State>
    private let finished = OneShot<Void>()

    /// The scope whose work the current task runs, and every task it starts: see
    /// ``EndMachine``, whose awaited end must not wait for its caller.
    @TaskLocal static var runningFor: ScopeCore?

    /// Prepares `body` to run, as work of `owner`; nothing runs until ``start(priority:)``
    /// or ``run()``.
    package init(for owner: ScopeCore?, _ body: @escaping @Sendable () async -> Void) {
        state = Lock(State(body: body, owner: owner))
    }

    /// Runs the body in a task of its own.
    ///
    /// - Parameters:
    ///   - priority: The task's priority; the caller's unless given.
    ///   - startsCancelled: Asked in the task before the body runs: `true` cancels the task
    ///     first, so that the body sees it cancelled from its first line. Kept as long as the
    ///     task is, with what it captures.
    /// - Returns: The task, to cancel.
    @discardableResult
    func start(
        priority: TaskPriority? = nil, startsCancelled: (@Sendable () -> Bool)? = nil
    ) -> Task<Void, Never> {
        let body: @Sendable () async -> Void = {
            if startsCancelled?() == true { withUnsafeCurrentTask { $0?.cancel() } }
            await self.run()
        }
        #if STRATA_EXPLORER
            // In the explorer's build, its tasks run when the explorer says.
            let task =
                Interleavings.isExploring
                ? Task(
                    executorPreference: Interleavings.shared, priority: priority, operation: body)
                : Task(priority: priority, operation: body)
        #else
            let task = Task(priority: priority, operation: body)
        #endif
        keep(task)
        return task
    }

    /// Keeps `task` as the one to cancel when a wait times out; not once the work has
    /// finished, since the task holds this work and would be kept by it.
    private func keep(_ task: Task<Void, Never>) {
        state.withLock { state in
            if !isFinished { state.task = task }
        }
    }

    /// Runs the body, lets go of it, then marks the work finished, resumes its waiters and
    /// lets go of its task.
    package func run() async {
        await runBody()
        finished.give(())
        // After the work is marked finished, never before: ``start(priority:startsCancelled:)``
        // keeps its task only while the work is unfinished, and a task kept after this line
        // would hold the work that holds it, and neither would be freed.
        state.withLock { $0.task = nil }
    }

    /// Runs the body, taken out of the state: its frame, and the body with it, is gone when
    /// this returns, before anyone is told the work finished.
    ///
    /// Work of a scope carries the ledger of the test that owns the scope, not the one of
    /// the task that started it (see ``TestLedger``).
    private func runBody() async {
        let (body, owner) = state.withLock { ($0.body.take(), $0.owner.take()) }
        guard let body else { return }
        let ledger = owner?.ledgerOfItsWork
        guard owner != nil, ledger !== TestLedger.current else {
            return await Self.$runningFor.withValue(owner ?? Self.runningFor) { await body() }
        }
        await TestLedger.$current.withValue(ledger) {
            await Self.$runningFor.withValue(owner) { await body() }
        }
    }

    /// Whether the body has run and been let go.
    package var isFinished: Bool { finished.given != nil }

    /// Runs `callback` once the work has finished: at once, here, if it has.
    func whenFinished(_ callback: @escaping @Sendable () -> Void) {
        if !finished.whenGiven({ _ in callback() }) { callback() }
    }

    /// Cancels the task that runs the body.
    func cancel() {
        state.withLock(\.task)?.cancel()
    }

    /// Waits until the work has finished, whether or not the waiting task is cancelled.
    package func wait() async {
        await finished.outcome()
    }

    /// Waits until the work has finished, or until `deadline`, whether or not the waiting task
    /// is cancelled.
    ///
    /// - Returns: Whether it finished.
    package func wait(until deadline: ContinuousClock.Instant) async -> Bool {
        await finished.value(until: deadline) != nil
    }

    /// Starts `work` and waits for it until `deadline`; when the deadline passes first, the
    /// work is cancelled and left to finish on its own.
    ///
    /// - Returns: Whether it finished before the deadline.
    package func run(until deadline: ContinuousClock.Instant) async -> Bool {
        start()
        let done = await wait(until: deadline)
        if !done { cancel() }
        return done
    }

    /// Runs `operation` on the main actor, in a task of its own: the one hop to the main
    /// actor Strata makes.
    ///
    /// A delivery to a follower that asked for the main actor takes it, and so does the turn
    /// of the main actor a ``LeakWatcher`` waits for. The task inherits nothing from its
    /// caller: a delivery started by a change of the model runs none of the changer's work,
    /// and carries no ledger of its test (``TestLedger``).
    static func onMainActor(_ operation: @escaping @MainActor @Sendable () -> Void) {
        Task.detached { @MainActor in operation() }
    }

    /// Starts the one timer of ``Deadlines``: nobody's work, inheriting nothing from its
    /// caller.
    static func startTimer(_ run: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task.detached { await run() }
    }
}
