import Strata
import Testing

/// The lifecycle transitions of a scope's state machine driven directly — hooks, children,
/// the start of an end — each on one thread, with no lock: what each decides, and what it
/// leaves the shell to do.
@Suite("ScopeState lifecycle transitions")
struct ScopeStateLifecycleTests {
    private static func core() -> ScopeCore {
        ScopeCore(tier: AppTier.self, parent: nil, fileID: #fileID, line: #line)
    }

    private static func ending() -> Strata.Ending {
        Strata.Ending(by: .thread(ObjectIdentifier(AppTier.self)))
    }

    @Test("a quiet scope ends at once, in the one transition that begins its end")
    func quietScopeEndsAtOnce() {
        var state = ScopeState()
        #expect(state.beginEnd(atOnceAllowed: true).kind == "at once")
        #expect(state.phase == .ended)
        #expect(state.beginEnd(atOnceAllowed: true).kind == "begun, nothing recorded")
    }

    @Test("a scope with a hook, or in a traced tree, asks for an ending and changes nothing")
    func walkedEndAsksForAnEnding() {
        var hooked = ScopeState()
        _ = hooked.addHook(.closure {})
        #expect(hooked.beginEnd(atOnceAllowed: true).kind == "prepare an ending")
        #expect(hooked.phase == .active)
        #expect(!hooked.needsPublishing)
        var traced = ScopeState()
        #expect(traced.beginEnd(atOnceAllowed: false).kind == "prepare an ending")
        #expect(traced.phase == .active)
    }

    @Test("the ending the shell made is recorded as the phase moves: later ends find it")
    func walkRecordsTheEnding() {
        var state = ScopeState()
        _ = state.addHook(.closure {})
        _ = state.beginEnd(atOnceAllowed: true)
        let ending = Self.ending()
        #expect(state.beginWalk(with: ending).isWalk)
        #expect(state.phase == .ending)
        guard case .begun(.ending(let found)?) = state.beginEnd(atOnceAllowed: true) else {
            Issue.record("a second end did not find the ending in progress")
            return
        }
        #expect(found === ending)
    }

    @Test(
        "an end begun between the two transitions wins: the second finds it, and the shell's ending is dropped"
    )
    func endBegunInBetweenWins() {
        var state = ScopeState()
        _ = state.addHook(.closure {})
        // This caller is told to make an ending...
        #expect(state.beginEnd(atOnceAllowed: true).kind == "prepare an ending")
        // ...and another ends the scope before it comes back.
        let theirs = Self.ending()
        _ = state.beginEnd(atOnceAllowed: true)
        #expect(state.beginWalk(with: theirs).isWalk)
        guard case .begun(.ending(let found)?) = state.beginWalk(with: Self.ending()) else {
            Issue.record("the late walk did not find the end in progress")
            return
        }
        #expect(found === theirs)
    }

    @Test("endAndWait's teardown is recorded as the phase moves; a second finds it, as end() does")
    func teardownIsRecorded() {
        var state = ScopeState()
        let teardown = Teardown()
        #expect(state.beginTeardown(teardown).isStart)
        #expect(state.phase == .ending)
        #expect(state.needsPublishing)
        guard case .begun(.teardown(let found)?) = state.beginTeardown(Teardown()) else {
            Issue.record("a second teardown did not find the first")
            return
        }
        #expect(found === teardown)
        guard case .begun(.teardown(let seen)?) = state.beginEnd(atOnceAllowed: true) else {
            Issue.record("end() did not find the teardown")
            return
        }
        #expect(seen === teardown)
    }

    @Test("an active scope holds a hook; once an end began, the shell is told to run it now")
    func addHookHoldsThenRunsNow() {
        var state = ScopeState()
        #expect(state.addHook(.closure {}) == .held)
        #expect(state.heldCounts.hooks == 1)
        _ = state.beginWalk(with: Self.ending())
        #expect(state.addHook(.closure {}) == .runNow)
        #expect(state.heldCounts.hooks == 1)
    }

    @Test("an active scope lists the child the shell made, newest first")
    func adoptListsChild() {
        var state = ScopeState()
        let first = Self.core()
        let second = Self.core()
        #expect(state.adopt(first) == .adopted)
        #expect(state.adopt(second) == .adopted)
        #expect(
            state.liveChildren.map(ObjectIdentifier.init)
                == [second, first].map(ObjectIdentifier.init))
        #expect(state.removeChild(second) === second)
        #expect(state.liveChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    }

    @Test("a task is a hook of its own kind, held weakly: finished tasks are dropped")
    func tasksAreHeldWeakly() {
        var state = ScopeState()
        let core = Self.core()
        let live = ScopedTask(site: SourceSite(fileID: #fileID, line: #line), core) {}
        #expect(state.addHook(.task(WeakScopedTask(live))) == .held)
        for _ in 0..<200 {
            let finished = ScopedTask(site: SourceSite(fileID: #fileID, line: #line), core) {}
            _ = state.addHook(.task(WeakScopedTask(finished)))
        }
        // The compactions as the list fills dropped the tasks that are gone, not the live one.
        #expect(state.heldCounts.hooks < 64)
        #expect(state.heldCounts.hooks >= 1)
        withExtendedLifetime(live) {}
    }
}

extension ScopeState.EndStart {
    fileprivate var kind: String {
        switch self {
        case .atOnce: "at once"
        case .prepareEnding: "prepare an ending"
        case .begun(nil): "begun, nothing recorded"
        case .begun(.some): "begun"
        }
    }
}

extension ScopeState.WalkStart {
    fileprivate var isWalk: Bool {
        if case .walk = self { true } else { false }
    }
}

extension ScopeState.TeardownStart {
    fileprivate var isStart: Bool {
        if case .start = self { true } else { false }
    }
}
