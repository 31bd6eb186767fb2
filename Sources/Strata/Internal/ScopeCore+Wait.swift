/// An async end hook and where it was registered.
struct AsyncHook: Sendable {
    let body: @Sendable () async -> Void
    let site: SourceSite
}

extension ScopeCore {
    /// Ends the scope and awaits its work, up to `deadline`: children first, newest first,
    /// each awaited; then its hooks in reverse order of creation, async ones awaited; then
    /// its tasks, cancelled and awaited; then it releases its instances and reports.
    ///
    /// The first caller starts the ending in a task of its own, so that cancelling a caller
    /// does not stop it halfway; every caller awaits that task and gets its report. A scope
    /// that `end()` ended, or is ending, gives an empty report, as a second `end()` does.
    func endAndWait(until deadline: ContinuousClock.Instant) async -> EndReport {
        let teardown = transition { state in
            state.beginTeardown { Task { await self.tearDown(until: deadline) } }
        }
        return await teardown?.value ?? EndReport()
    }

    private func tearDown(until deadline: ContinuousClock.Instant) async -> EndReport {
        var report = EndReport()
        for child in liveChildren {
            report.absorb(await child.endAndWait(until: deadline))
        }
        var own = EndReport()
        let name = containerName
        let container = name.description
        var tasks: [ScopedTask] = []
        let tracer = self.tracer
        var walk = endWalk()
        var watched = Watches()
        while let step = walk.next() {
            switch perform(step, watching: &watched, tracer: tracer) {
            case nil:
                break
            case .hook(let hook):
                if await !Deadline.run(until: deadline, hook.body) {
                    own.addOverran(EndWork(kind: .hook, container: container, site: hook.site))
                }
            case .task(let task):
                // Tasks stop after the hooks, which may still need them.
                tasks.append(task)
            case .instance(let bound, let instance, let site):
                if await !Deadline.run(until: deadline, { await bound.scopeDidEnd() }) {
                    let provider = ProviderDescription(container: container, name: site.displayName)
                    own.addOverran(
                        EndWork(kind: .instance(provider), container: container, site: nil))
                }
                traceInstanceEnded(instance, site: site, tracer: tracer)
            }
        }
        for task in tasks { task.scopeDidEnd() }
        for task in tasks {
            guard let running = task.running else { continue }
            if await !Deadline.run(until: deadline, { await running.value }) {
                own.addOverran(EndWork(kind: .task, container: container, site: task.site))
            }
        }
        tasks.removeAll()
        releaseState()
        completeEnding(&own, watched: &watched, name: name, tracer: tracer)
        report.absorb(own)
        return report
    }
}

/// Awaits work up to a deadline.
enum Deadline {
    /// Runs `work` in a task and waits for it until `deadline`.
    ///
    /// When the deadline passes first, the task is cancelled and left to finish on its own.
    ///
    /// - Returns: Whether `work` finished before the deadline.
    static func run(
        until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () async -> Void
    ) async -> Bool {
        let race = Race()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            let worker = Task {
                await work()
                race.settle(finished: true)
            }
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                race.settle(finished: false)
            }
            race.onSettle(worker: worker, timer: timer)
        }
    }

    /// The first of a worker and a timer to settle resumes the waiter; the other is
    /// cancelled.
    private final class Race: Sendable {
        private struct State {
            var waiter: CheckedContinuation<Bool, Never>?
            var outcome: Bool?
            var tasks: (worker: Task<Void, Never>, timer: Task<Void, Never>)?
        }

        private let state = Lock(State())

        func start(_ waiter: CheckedContinuation<Bool, Never>) {
            state.withLock { $0.waiter = waiter }
        }

        func onSettle(worker: Task<Void, Never>, timer: Task<Void, Never>) {
            let outcome = state.withLock { state in
                state.tasks = (worker, timer)
                return state.outcome
            }
            if let outcome { Self.cancelLoser(finished: outcome, worker: worker, timer: timer) }
        }

        func settle(finished: Bool) {
            let (waiter, tasks) = state.withLock { state in
                guard state.outcome == nil else {
                    return (CheckedContinuation<Bool, Never>?.none, state.tasks)
                }
                state.outcome = finished
                defer { state.waiter = nil }
                return (state.waiter, state.tasks)
            }
            guard let waiter else { return }
            if let tasks {
                Self.cancelLoser(finished: finished, worker: tasks.worker, timer: tasks.timer)
            }
            waiter.resume(returning: finished)
        }

        private static func cancelLoser(
            finished: Bool, worker: Task<Void, Never>, timer: Task<Void, Never>
        ) {
            if finished { timer.cancel() } else { worker.cancel() }
        }
    }
}
