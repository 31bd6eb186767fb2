/// Async work Strata started for a container's end — an async hook, the
/// ``AsyncScopeBound/scopeDidEnd()`` of an instance, a ``Container/task(priority:fileID:line:_:)``
/// — run in a task of its own, that counts as finished only once it has let go of what it
/// captured.
///
/// A task's closure lives as long as the task object, which outlives the moment its result
/// is ready: waiting on `task.value` resumes the waiter while the closure still holds its
/// captures. A survivors report computed then sees an instance that only the finishing task
/// held. Here the body is taken out of the lock, run and dropped before ``isFinished`` turns
/// true and the waiters resume, so whoever waits sees only what something else still holds.
final class StartedWork: Sendable {
    private struct State {
        var body: (@Sendable () async -> Void)?
        /// The scope whose end or task this is, if any.
        ///
        /// While the body runs, an `endAndWait` of that scope or one above it would wait for
        /// the body itself. Let go with the body, so that finished work keeps no scope alive.
        var owner: ScopeCore?
        var isFinished = false
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: Lock<State>

    /// The scope whose work the current task runs, and every task it starts: see
    /// ``ScopeCore/endAndWait(until:at:)``, which must not wait for its caller.
    @TaskLocal static var runningFor: ScopeCore?

    /// Prepares `body` to run, as work of `owner`; nothing runs until ``start(priority:)``
    /// or ``run()``.
    init(for owner: ScopeCore?, _ body: @escaping @Sendable () async -> Void) {
        state = Lock(State(body: body, owner: owner))
    }

    /// Runs the body in a task of its own.
    ///
    /// - Returns: The task, to cancel.
    @discardableResult
    func start(priority: TaskPriority? = nil) -> Task<Void, Never> {
        let task = Task(priority: priority) { await self.run() }
        attach(task)
        return task
    }

    /// Keeps `task` as the one that runs the body, to cancel when a wait times out; not once
    /// the work has finished, since the task holds this work and would be kept by it.
    func attach(_ task: Task<Void, Never>) {
        state.withLock { state in
            if !state.isFinished { state.task = task }
        }
    }

    /// Runs the body, lets go of it, then marks the work finished and resumes its waiters.
    func run() async {
        await runBody()
        let waiters = state.withLock { state in
            state.isFinished = true
            state.task = nil
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Runs the body, taken out of the state: its frame, and the body with it, is gone when
    /// this returns, before anyone is told the work finished.
    private func runBody() async {
        let (body, owner) = state.withLock { ($0.body.take(), $0.owner.take()) }
        guard let body else { return }
        await Self.$runningFor.withValue(owner ?? Self.runningFor) { await body() }
    }

    /// Whether the body has run and been let go.
    var isFinished: Bool { state.withLock(\.isFinished) }

    /// Cancels the task that runs the body.
    func cancel() {
        state.withLock(\.task)?.cancel()
    }

    /// Waits until the work has finished, or until `deadline`.
    ///
    /// - Returns: Whether it finished before the deadline.
    func wait(until deadline: ContinuousClock.Instant) async -> Bool {
        let ticket = Ticket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let number: Int? = state.withLock { state in
                    guard !state.isFinished else { return nil }
                    let number = state.nextWaiter
                    state.nextWaiter += 1
                    state.waiters[number] = continuation
                    return number
                }
                guard let number else { return continuation.resume(returning: true) }
                ticket.set(number)
                // Cancelled before the number was known: the handler found nothing to resume.
                if Task.isCancelled { return resumeWaiter(number) }
                let timer = Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    self.resumeWaiter(number)
                }
                ticket.setTimer(timer)
            }
        } onCancel: {
            if let number = ticket.number { resumeWaiter(number) }
        }
    }

    /// Resumes one waiter with `false`, if it is still waiting.
    private func resumeWaiter(_ number: Int) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: number) }
        waiter?.resume(returning: false)
    }

    /// The waiter's number and its timer, for the cancellation handler.
    private final class Ticket: Sendable {
        private let value = Lock<(number: Int?, timer: Task<Void, Never>?)>((nil, nil))

        var number: Int? { value.withLock(\.number) }

        func set(_ number: Int) { value.withLock { $0.number = number } }

        func setTimer(_ timer: Task<Void, Never>) { value.withLock { $0.timer = timer } }

        deinit { value.withLock(\.timer)?.cancel() }
    }
}

extension Sequence<StartedWork> {
    /// Whether every piece of work has finished.
    var allFinished: Bool { allSatisfy(\.isFinished) }

    /// Waits for each piece of work in turn, up to `deadline`.
    ///
    /// - Returns: Whether all finished before the deadline.
    func waitAll(until deadline: ContinuousClock.Instant) async -> Bool {
        var finished = true
        for work in self where await !work.wait(until: deadline) { finished = false }
        return finished
    }
}
