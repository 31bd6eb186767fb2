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

    @Test("an active scope holds a hook; once an end began, the shell is told to run it now")
    func addHookHoldsThenRunsNow() {
        var state = ScopeState()
        #expect(state.addHook(.closure {}) == .held)
        #expect(state.heldCounts.hooks == 1)
        _ = state.beginEnding()
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
