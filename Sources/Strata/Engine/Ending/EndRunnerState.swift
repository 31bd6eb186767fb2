/// The state machine of an ``EndRunner``: the rest of the walk, the step the runner awaits,
/// and who has the walk.
///
/// A value, as ``ScopeState`` is: each transition is a mutating method that the runner or the
/// end's caller applies in the lock they share, and that returns what to do outside it. It
/// runs no step itself, so each transition is tested without threads (`EndRunnerStateTests`).
package struct EndRunnerState {
    package enum Phase: Equatable {
        /// Awaiting ``running``: the walk is the caller's to take.
        case awaiting
        /// Running a synchronous step, outside the lock.
        case walking
        /// Stopped at its next step because the caller wanted the walk.
        case stopped
        /// Walked every step.
        case finished
        /// The caller took the walk.
        case taken
    }

    /// What the runner does next.
    package enum Move {
        case await(EndSequence.PendingWork)
        case perform(EndSequence.Step)
        /// The walk is spent: dropped outside the lock, before the work counts as finished.
        case finish(EndWalk)
        case stop
    }

    /// What the caller finds when it takes the walk over.
    package enum Rest {
        /// The runner walked every step; here is what it followed.
        case finished(EndSequence.Watches)
        /// The rest of the walk, what the runner followed, the step still running (overran),
        /// and the one the runner did not start.
        case taken(
            EndWalk, EndSequence.Watches, running: EndSequence.PendingWork?,
            notStarted: EndSequence.PendingWork?)
    }

    /// The rest of the walk, until it is spent or taken.
    private var walk: EndWalk?
    /// What the runner's steps followed.
    private var watched: EndSequence.Watches? = EndSequence.Watches()
    /// The async step the runner awaits; named only if it overruns.
    private var running: EndSequence.PendingWork?
    /// The async step an instance's end left when the runner stopped for the caller.
    private var notStarted: EndSequence.PendingWork?
    package private(set) var phase = Phase.awaiting
    /// The caller asked for the walk: the runner stops at its next critical section.
    private var wanted = false

    /// The state of a runner that awaits `running`, the walk's first async step, or, without
    /// it, begins with the walk.
    package init(walk: consuming EndWalk, running: EndSequence.PendingWork?) {
        self.walk = walk
        self.running = running
    }

    /// The runner's awaited step returned: the next move, or `.stop` when the caller took
    /// the walk meanwhile.
    package mutating func stepReturned() -> Move {
        running = nil
        guard phase == .awaiting else { return .stop }
        return advance()
    }

    /// The runner performed a synchronous step outside the lock, which left `pending` to
    /// await, if anything: the next move.
    package mutating func performed(leaving pending: EndSequence.PendingWork?) -> Move {
        guard let pending else { return advance() }
        guard !wanted else {
            notStarted = pending
            phase = .stopped
            return .stop
        }
        running = pending
        phase = .awaiting
        return .await(pending)
    }

    /// The caller wants the walk, its deadline passed: what it finds, or `nil` while the
    /// runner runs a synchronous step, after which the runner stops.
    package mutating func callerWantsTheWalk() -> Rest? {
        wanted = true
        return rest()
    }

    /// What the caller finds once the runner has stopped or finished; `nil` while it runs a
    /// synchronous step or once the walk was taken.
    package mutating func rest() -> Rest? {
        switch phase {
        case .walking, .taken:
            return nil
        case .finished:
            return .finished(watched.take() ?? EndSequence.Watches())
        case .awaiting, .stopped:
            guard let walk = walk.take() else { return nil }
            phase = .taken
            return .taken(
                walk, watched.take() ?? EndSequence.Watches(),
                running: running.take(), notStarted: notStarted.take())
        }
    }

    /// What the runner followed, once it has walked every step.
    package mutating func takeWatched() -> EndSequence.Watches {
        watched.take() ?? EndSequence.Watches()
    }

    /// Takes the next step from the walk: an async hook is awaited at once; any other step
    /// is performed outside the lock, an instance followed here first.
    private mutating func advance() -> Move {
        guard !wanted else {
            phase = .stopped
            return .stop
        }
        guard let step = walk?.next(lettingGo: false) else {
            phase = .finished
            return walk.take().map(Move.finish) ?? .stop
        }
        switch step {
        case .hook(.asyncClosure(let hook)):
            let pending = EndSequence.PendingWork.hook(hook)
            running = pending
            phase = .awaiting
            return .await(pending)
        case .instance(let instance, _, let site):
            watched?.follow(instance, site: site)
        case .hook:
            break
        }
        phase = .walking
        return .perform(step)
    }
}
