import Strata
import Testing

/// The end runner's transitions, without threads: each test drives an `EndRunnerState` as the
/// runner's task and the end's caller would, one transition per critical section.
@Suite("The end runner's state machine")
struct EndRunnerStateTests {
    /// A walk of hooks given oldest first, `true` for an async one; hook `i` says line `i + 1`.
    private func walk(_ async: [Bool]) -> EndWalk {
        let hooks = async.enumerated().map { index, isAsync in
            ScopeState.Hook(
                kind: isAsync ? .asyncClosure(hook(line: index + 1)) : .closure { _ in },
                order: index + 1)
        }
        return EndWalk(hooks: hooks, entries: EntryTable())
    }

    private func hook(line: Int) -> AsyncHook {
        AsyncHook(
            body: { _ in }, site: SourceSite(fileID: #fileID, filePath: #filePath, line: UInt(line))
        )
    }

    /// The line of the async hook `work` is, if it is one.
    private func line(_ work: EndSequence.PendingWork?) -> UInt? {
        guard case .hook(let hook) = work else { return nil }
        return hook.site.line
    }

    /// The line of the hook `move` awaits, if it awaits one.
    private func awaited(_ move: EndRunnerState.Move) -> UInt? {
        guard case .await(let work) = move else { return nil }
        return line(work)
    }

    /// Whether `move` performs a synchronous closure hook.
    private func performsClosure(_ move: EndRunnerState.Move) -> Bool {
        guard case .perform(.hook(.closure)) = move else { return false }
        return true
    }

    @Test("the runner walks newest first, awaiting async hooks and performing the others")
    func walksEveryStep() {
        // Oldest first: async (line 1), sync (2), async (3); walked 3, 2, 1.
        var state = EndRunnerState(walk: walk([true, false, true]), running: nil)
        #expect(awaited(state.stepReturned()) == 3)
        #expect(state.phase == .awaiting)
        #expect(performsClosure(state.stepReturned()))
        #expect(state.phase == .walking)
        #expect(awaited(state.performed(leaving: nil)) == 1)
        guard case .finish = state.stepReturned() else {
            Issue.record("the spent walk was not handed out to be dropped")
            return
        }
        #expect(state.phase == .finished)
        guard case .finished = state.rest() else {
            Issue.record("a finished runner did not give what it followed")
            return
        }
    }

    @Test(
        "a first async step the runner was started on is the one that overran when the walk is taken"
    )
    func firstStepFirst() {
        var state = EndRunnerState(walk: walk([false]), running: .hook(hook(line: 7)))
        // Taken while the first step runs: it is the one that overran.
        guard case .taken(var rest, _, let running, let notStarted) = state.callerWantsTheWalk()
        else {
            Issue.record("the caller did not get the walk while the runner awaited")
            return
        }
        #expect(line(running) == 7 && notStarted == nil)
        guard case .hook(.closure) = rest.next(lettingGo: false) else {
            Issue.record("the caller's walk lost its synchronous hook")
            return
        }
    }

    @Test("the caller takes the walk while the runner awaits; the runner then stops")
    func takenWhileAwaiting() {
        // Walked: async (line 2), then sync (line 1).
        var state = EndRunnerState(walk: walk([false, true]), running: nil)
        #expect(awaited(state.stepReturned()) == 2)
        guard case .taken(var rest, _, let running, let notStarted) = state.callerWantsTheWalk()
        else {
            Issue.record("the caller did not get the walk while the runner awaited")
            return
        }
        #expect(line(running) == 2 && notStarted == nil)
        #expect(state.phase == .taken)
        guard case .hook(.closure) = rest.next(lettingGo: false) else {
            Issue.record("the caller's walk does not go on where the runner was")
            return
        }
        guard case .stop = state.stepReturned() else {
            Issue.record("the runner went on after the caller took the walk")
            return
        }
        #expect(state.rest() == nil, "the walk was handed out twice")
    }

    @Test("a caller that wants the walk during a synchronous step gets it when the runner stops")
    func wantedWhileWalking() {
        // Walked: sync (line 2), then async (line 1).
        var state = EndRunnerState(walk: walk([true, false]), running: nil)
        #expect(performsClosure(state.stepReturned()))
        #expect(state.callerWantsTheWalk() == nil, "the walk was handed out during a step")
        guard case .stop = state.performed(leaving: nil) else {
            Issue.record("the runner went on though the caller wanted the walk")
            return
        }
        #expect(state.phase == .stopped)
        guard case .taken(var rest, _, let running, let notStarted) = state.rest() else {
            Issue.record("the stopped runner did not hand the walk over")
            return
        }
        #expect(running == nil && notStarted == nil)
        guard case .hook(.asyncClosure(let left)) = rest.next(lettingGo: false) else {
            Issue.record("the async hook the runner had not reached is not the caller's")
            return
        }
        #expect(left.site.line == 1)
    }

    @Test("async work a synchronous step leaves is awaited next when nobody wants the walk")
    func leftWorkIsAwaited() {
        var state = EndRunnerState(walk: walk([false]), running: nil)
        #expect(performsClosure(state.stepReturned()))
        #expect(awaited(state.performed(leaving: .hook(hook(line: 9)))) == 9)
        #expect(state.phase == .awaiting)
    }

    @Test("async work a synchronous step leaves while the caller waits goes over not started")
    func leftWorkIsHandedOver() {
        var state = EndRunnerState(walk: walk([false]), running: nil)
        #expect(performsClosure(state.stepReturned()))
        #expect(state.callerWantsTheWalk() == nil)
        guard case .stop = state.performed(leaving: .hook(hook(line: 9))) else {
            Issue.record("the runner awaited work though the caller wanted the walk")
            return
        }
        guard case .taken(_, _, let running, let notStarted) = state.rest() else {
            Issue.record("the stopped runner did not hand the walk over")
            return
        }
        #expect(running == nil && line(notStarted) == 9)
    }

    @Test("a caller that comes once the runner finished finds what it followed")
    func finishedBeforeTheCaller() {
        var state = EndRunnerState(walk: walk([false]), running: nil)
        #expect(performsClosure(state.stepReturned()))
        guard case .finish = state.performed(leaving: nil) else {
            Issue.record("the runner did not finish its walk")
            return
        }
        guard case .finished = state.callerWantsTheWalk() else {
            Issue.record("the caller did not find the runner finished")
            return
        }
    }
}
