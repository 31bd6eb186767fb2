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

    private static func ending() -> Strata.Ending { Strata.Ending(at: nil) }

    @Test("a quiet scope ends at once, in the one transition that begins its end")
    func quietScopeEndsAtOnce() {
        var state = ScopeState()
        #expect(state.beginEnd(quietAllowed: true).kind == "quiet")
        #expect(state.phase == .ended)
        #expect(state.beginEnd(quietAllowed: true).kind == "begun, nothing recorded")
    }

    @Test("a scope with a hook, or in a traced tree, asks for an ending and changes nothing")
    func walkedEndAsksForAnEnding() {
        var hooked = ScopeState()
        hooked.addHook(.closure { _ in })
        #expect(hooked.beginEnd(quietAllowed: true).kind == "prepare an ending")
        #expect(hooked.phase == .active)
        #expect(!hooked.needsPublishing)
        var traced = ScopeState()
        #expect(traced.beginEnd(quietAllowed: false).kind == "prepare an ending")
        #expect(traced.phase == .active)
    }

    @Test("closing records the ending the shell made: later ends find it")
    func closeRecordsTheEnding() {
        var state = ScopeState()
        state.addHook(.closure { _ in })
        _ = state.beginEnd(quietAllowed: true)
        let ending = Self.ending()
        #expect(state.close(with: ending).isClosed)
        #expect(state.phase == .closing)
        #expect(state.needsPublishing)
        guard case .begun(let found?) = state.beginEnd(quietAllowed: true) else {
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
        state.addHook(.closure { _ in })
        // This caller is told to make an ending...
        #expect(state.beginEnd(quietAllowed: true).kind == "prepare an ending")
        // ...and another ends the scope before it comes back.
        let theirs = Self.ending()
        _ = state.beginEnd(quietAllowed: true)
        #expect(state.close(with: theirs).isClosed)
        guard case .begun(let found?) = state.close(with: Self.ending()) else {
            Issue.record("the late close did not find the end in progress")
            return
        }
        #expect(found === theirs)
    }

    @Test("a closing scope takes no child, and still serves and holds hooks")
    func closingScopeServes() {
        var state = ScopeState()
        state.addHook(.closure { _ in })
        _ = state.close(with: Self.ending())
        #expect(state.adopt(Self.core()) == .parentEnded)
        #expect(state.serves)
        let held = state.addHook(.closure { _ in })
        #expect(held)
        #expect(state.heldCounts.hooks == 2)
    }

    @Test("once its own work stops, a scope serves no more, and a hook added runs now")
    func stoppedScopeRunsHooksNow() {
        var state = ScopeState()
        let held = state.addHook(.closure { _ in })
        #expect(held)
        _ = state.close(with: Self.ending())
        let work = state.stopServing()
        #expect(work.hooks.count == 1)
        #expect(state.phase == .ending)
        #expect(!state.serves)
        let heldAfterStop = state.addHook(.closure { _ in })
        #expect(!heldAfterStop)
        #expect(state.heldCounts.hooks == 0, "the end's walk took the hooks")
    }

    @Test(
        "a drain with no child waits for nothing; with children, the last to leave gives its signal"
    )
    func drainIsSignalledByTheLastChild() {
        var empty = ScopeState()
        let waitsOnEmpty = empty.drain(signalling: OneShot<Void>())
        #expect(!waitsOnEmpty)
        var state = ScopeState()
        let first = Self.core()
        let second = Self.core()
        _ = state.adopt(first)
        _ = state.adopt(second)
        _ = state.close(with: Self.ending())
        let drained = OneShot<Void>()
        let waits = state.drain(signalling: drained)
        #expect(waits)
        #expect(state.removeChild(second).wake.isEmpty)
        let wake = state.removeChild(first).wake
        #expect(wake.count == 1 && wake.first == drained)
    }

    @Test("an end waiting for a quiet child still releasing is signalled when it leaves")
    func leavingChildGivesItsSignal() {
        var state = ScopeState()
        let child = Self.core()
        _ = state.adopt(child)
        let left = OneShot<Void>()
        let listed = state.awaitLeaving(child, signal: left)
        #expect(listed)
        let wake = state.removeChild(child).wake
        #expect(wake.count == 1 && wake.first == left)
        let stillListed = state.awaitLeaving(child, signal: OneShot<Void>())
        #expect(!stillListed)
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
        #expect(state.removeChild(second).child === second)
        #expect(state.liveChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    }

    @Test("a task is a hook of its own kind, held weakly: finished tasks are dropped")
    func tasksAreHeldWeakly() {
        var state = ScopeState()
        let core = Self.core()
        let site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line)
        let live = ScopedTask(site: site, core) {}
        let held = state.addHook(.task(WeakReference(live)))
        #expect(held)
        for _ in 0..<200 {
            let finished = ScopedTask(site: site, core) {}
            state.addHook(.task(WeakReference(finished)))
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
        case .quiet: "quiet"
        case .prepareEnding: "prepare an ending"
        case .begun(nil): "begun, nothing recorded"
        case .begun(.some): "begun"
        case .held: "held by a body"
        }
    }
}

extension ScopeState.Closing {
    fileprivate var isClosed: Bool {
        if case .closed = self { true } else { false }
    }
}

extension ScopeState.Removal {
    fileprivate var child: ScopeCore? {
        switch self {
        case .removed(let child), .removedWaking(let child, _): child
        }
    }

    fileprivate var wake: [OneShot<Void>] {
        if case .removedWaking(_, let wake) = self { wake } else { [] }
    }
}

extension ScopeState {
    /// Offers `kind` as the shell does.
    ///
    /// - Returns: Whether the state held it; `false` leaves it for the shell to run now.
    @discardableResult
    fileprivate mutating func addHook(_ kind: Hook.Kind) -> Bool {
        var offered = Optional(kind)
        addHook(&offered)
        return offered == nil
    }
}
