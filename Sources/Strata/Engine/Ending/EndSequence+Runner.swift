extension EndSequence {
    /// Step 5 of an awaited end: the synchronous steps run here; from the first async one
    /// on, an ``EndRunner`` walks the rest in one task, awaited up to `deadline`, after which
    /// what is left is walked here, its async steps started cancelled and listed as overran.
    func awaitSteps(
        _ walk: consuming EndWalk, watching watched: inout Watches, of name: ContainerName,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        guard let runner = runner(of: walk, watching: &watched, tracer: tracer) else { return }
        await awaitRunner(
            runner, watching: &watched, of: name, tracer: tracer, until: deadline, into: &own)
    }

    /// Awaits `runner` up to `deadline`, and takes the rest of its walk over after it.
    func awaitRunner(
        _ runner: EndRunner, watching watched: inout Watches, of name: ContainerName,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        if await runner.work.run(until: deadline) {
            watched.append(runner.finished)
            return
        }
        await takeOver(
            from: runner, watching: &watched, of: name, tracer: tracer, until: deadline,
            into: &own)
    }

    /// Step 5 of an inline end (`withRequest` once its body has returned): each async step
    /// awaited here, in the caller's task, with no deadline of its own.
    ///
    /// A cancellation of the caller reaches the step running then, and only that one: the
    /// rest of the walk goes to a runner, never seeing it, awaited up to `endAndWait`'s
    /// default deadline from then.
    func awaitInPlace(
        _ walk: consuming EndWalk, watching watched: inout Watches, of name: ContainerName,
        tracer: (@Sendable (TraceEvent) -> Void)?, into own: inout EndReport
    ) async {
        // The async step reached after a cancellation, if any: the runner's first.
        var first: PendingWork?
        // Loaded at the first async step, for all of them.
        var owner: (any Container)?
        var ownerLoaded = false
        while !Task.isCancelled {
            guard let step = walk.next() else { return }
            // An async hook's step runs nothing before the hook itself, so the check above
            // stands for it; an instance's may tell it as a ``ScopeBound`` first. One check
            // less per hook, for the README's "8 async end hooks through withRequest" line.
            let checkAgain = if case .instance = step { true } else { false }
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            if checkAgain, Task.isCancelled {
                first = pending
                break
            }
            traceStart(pending, tracer: tracer)
            if !ownerLoaded { (owner, ownerLoaded) = (core.owner, true) }
            await run(pending, owner: owner)
        }
        let runner = EndRunner(self, first: first, walk: walk, tracer: tracer)
        await awaitRunner(
            runner, watching: &watched, of: name, tracer: tracer,
            until: ContinuousClock.now.advanced(by: .seconds(10)), into: &own)
    }

    /// The synchronous steps up to the first async one, run here; then the runner of the
    /// rest, or `nil` when no step is async.
    ///
    /// Out of ``awaitSteps(_:watching:of:tracer:until:into:)``, as is the take-over, for the
    /// README's "8 async end hooks" line: in it, the walk, its steps and the take-over's
    /// made an async frame of 6,080 bytes, which the caller's task took from the heap.
    /// Measured with the other changes ``Resumption`` lists.
    @inline(never)
    private func runner(
        of walk: consuming EndWalk, watching watched: inout Watches,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> EndRunner? {
        var first: PendingWork?
        while first == nil, let step = walk.next() {
            first = perform(step, watching: &watched, tracer: tracer)
        }
        guard let first else { return nil }
        return EndRunner(self, first: first, walk: walk, tracer: tracer)
    }

    /// The rest of step 5 once the deadline has passed: the step running is listed as
    /// overran, and the rest walked here, each async step started cancelled.
    private func takeOver(
        from runner: EndRunner, watching watched: inout Watches, of name: ContainerName,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        switch await runner.takeOver() {
        case .finished(let followed):
            watched.append(followed)
        case .taken(var rest, let followed, let running, let notStarted):
            watched.append(followed)
            let container = name.description
            if let running { own.addOverran(named(running, in: container), runner.work) }
            if let notStarted {
                await runLate(
                    notStarted, of: container, tracer: tracer, until: deadline, into: &own)
            }
            while let step = rest.next() {
                guard let pending = perform(step, watching: &watched, tracer: tracer) else {
                    continue
                }
                await runLate(pending, of: container, tracer: tracer, until: deadline, into: &own)
            }
        }
    }

    /// An async step reached once the deadline has passed: started, and cancelled at once
    /// unless it finishes first, as the runner's own step was.
    private func runLate(
        _ pending: PendingWork, of container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, until deadline: ContinuousClock.Instant,
        into own: inout EndReport
    ) async {
        let (work, endWork) = started(pending, in: container, tracer: tracer)
        if await !work.run(until: deadline) { own.addOverran(endWork, work) }
    }
}
