/// The transitions of an end, one per step of ``EndSequence`` that changes the state.
extension ScopeState {
    /// How an end begins.
    package enum EndStart {
        /// Nothing had to run at the end: the scope is ended, and this is what it held.
        case quiet(Released)
        /// The scope must walk its steps, and nothing changed yet: the shell makes an
        /// ``Ending`` outside the lock and closes the scope with it (``close(with:)``).
        case prepareEnding
        /// An end began already: its record, if any was kept.
        case begun(Ending?)
        /// A parent's end reached a scope a body holds (`withRequest`): nothing changed; the
        /// body's task is to be cancelled, and the body ends the scope.
        case held(BodyTask)
    }

    /// Begins an end: ends the scope at once when `quietAllowed` and nothing in it has to run
    /// (``endQuietly()``); otherwise, if no end began, asks for an ending to close with.
    ///
    /// `byItsBody`: the body that held the scope (`withRequest`) returned and ends it; it lets
    /// go in the same transition, so that a parent's end finds the scope held, or its end
    /// begun, and nothing in between.
    package mutating func beginEnd(
        quietAllowed: Bool, awaited: Bool = false, cascading: Bool = false,
        byItsBody: Bool = false
    ) -> EndStart {
        if byItsBody { bodyReturned = true }
        guard isActive else { return .begun(ending) }
        if cascading, let body = holdingBody { return .held(body) }
        if quietAllowed, let released = endQuietly() {
            endedQuietlyByAwait = awaited
            return .quiet(released)
        }
        return .prepareEnding
    }

    /// Keeps the report of a quiet awaited end that watched instances, for whoever awaits
    /// the end later: the report that names the container alone would miss them.
    mutating func keepQuietReport(_ ending: Ending) {
        record(ending)
    }

    /// How a walked end goes on, once the shell made its ending.
    package enum Closing {
        /// The scope is closing, with `ending` recorded: the caller walks the steps.
        case closed
        /// An end began since ``beginEnd(quietAllowed:)`` answered; the shell's ending is
        /// dropped, never seen.
        case begun(Ending?)
        /// A body took hold of the scope since: as ``EndStart/held(_:)``.
        case held(BodyTask)
    }

    /// Step 1: closes the scope to new children, recording `ending` in the same transition,
    /// so that whoever finds the scope closing finds the ending to wait for too.
    package mutating func close(with ending: Ending, cascading: Bool = false) -> Closing {
        guard isActive else { return .begun(self.ending) }
        if cascading, let body = holdingBody { return .held(body) }
        phase = .closing
        record(ending)
        return .closed
    }

    /// Step 2 of a draining end: keeps `drained` to give when the last child leaves.
    ///
    /// - Returns: Whether there is a child to wait for; `false` keeps nothing.
    package mutating func drain(signalling drained: OneShot<Void>) -> Bool {
        guard !children.isEmpty else { return false }
        sideForWriting().drained = drained
        return true
    }

    /// Keeps `signal` to give when `child` leaves the list: a child that ended quietly
    /// elsewhere, and is still releasing what it held, which this scope's end waits for.
    ///
    /// - Returns: Whether the child is still listed; `false` keeps nothing.
    package mutating func awaitLeaving(_ child: ScopeCore, signal: OneShot<Void>) -> Bool {
        guard child.childSlot.load(ordering: .relaxed) >= 0 else { return false }
        #if STRATA_EXPLORER
            // The explorer's mutation check: one signal per child, as on 28cfe11, where a
            // second waiter replaced the first and the first was never given.
            if Interleavings.mutation == "single-leaving-signal" {
                sideForWriting().leaving[ObjectIdentifier(child)] = [signal]
                return true
            }
        #endif
        sideForWriting().leaving[ObjectIdentifier(child), default: []].append(signal)
        return true
    }

    /// Lets the body running in `task` hold the scope, and the scope hold the task's
    /// container until its release, unless its end has begun.
    mutating func hold(by task: BodyTask) -> Bool {
        guard phase == .active else { return false }
        body = task
        return true
    }

    /// What the end's own steps walk: the hooks and instances, taken under the lock.
    package struct OwnWork {
        package let hooks: [Hook]
        package let entries: EntryTable
    }

    /// Step 4: stops serving resolutions, and takes what the end walks.
    ///
    /// The table is copied as a whole (its storage is shared until someone writes), not entry
    /// by entry, since a tree drawn during the end still shows the instances. The hooks are
    /// moved out: nothing reads them here from now on (a hook added now runs at once), and
    /// the walk, holding the only reference, takes each without a copy. For
    /// Benchmarks/README.md's "8 async end hooks" lines.
    package mutating func stopServing() -> OwnWork {
        phase = .ending
        return OwnWork(hooks: takeHooks(), entries: entries)
    }

    /// Ends the scope in this one transition when nothing in it has to run at the end: no
    /// hooks, no listed children, no construction in flight, no `weakShared` instance, and
    /// no instance that is ``ScopeBound`` or ``AsyncScopeBound``.
    ///
    /// - Returns: What the scope held, as ``release()`` returns it; `nil`, with nothing
    ///   changed, when something must run: then the end walks its steps.
    mutating func endQuietly() -> Released? {
        guard hooks.isEmpty, children.isEmpty else { return nil }
        // The table holds each instance strongly, so reading one here frees nothing.
        let quiet = entries.allStrong { $0.endRoles.isEmpty }
        return quiet ? release() : nil
    }
}

extension ScopeState {
    /// Keeps the judgements of a child that ended within this scope's end: they are watched
    /// once this scope has released what it held too, since one of its instances may hold
    /// one of the child's.
    ///
    /// - Returns: Whether they are kept; `false` when no end of this scope is under way, so
    ///   the child's end was its own.
    mutating func holdJudgements(_ judgements: [Judgement]) -> Bool {
        guard phase == .closing || phase == .ending else { return false }
        sideForWriting().heldJudgements += judgements
        return true
    }
}
