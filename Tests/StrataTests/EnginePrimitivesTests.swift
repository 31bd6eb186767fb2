import Strata
import Testing

/// The engine's named primitives, each driven on one thread: the one-shot value, an end's
/// record and its hand-off, tracked work, and the token.
@Suite("Engine primitives")
struct EnginePrimitivesTests {
    @Test("a one-shot keeps the first value given; later ones are ignored")
    func oneShotKeepsTheFirstValue() {
        let shot = OneShot<Int>()
        #expect(shot.given == nil)
        #expect(shot.give(1))
        #expect(!shot.give(2))
        #expect(shot.given == 1)
    }

    @Test("a callback left before the value runs when it is given, once, in the order left")
    func oneShotRunsCallbacksInOrder() {
        let shot = OneShot<String>()
        let seen = Locked<[String]>([])
        #expect(shot.whenGiven { value in seen.withLock { $0.append("first \(value)") } })
        #expect(shot.whenGiven { value in seen.withLock { $0.append("second \(value)") } })
        #expect(seen.withLock { $0 }.isEmpty)
        shot.give("done")
        shot.give("again")
        #expect(seen.withLock { $0 } == ["first done", "second done"])
    }

    @Test("a callback left after the value is not kept: the caller goes on with the value")
    func oneShotRefusesLateCallbacks() {
        let shot = OneShot<Int>()
        shot.give(7)
        let ran = Locked(false)
        #expect(!shot.whenGiven { _ in ran.withLock { $0 = true } })
        #expect(!ran.withLock { $0 })
    }

    @Test("an awaited value arrives whether it was given before or after the await")
    func oneShotIsAwaited() async {
        let early = OneShot<Int>()
        early.give(1)
        #expect(await early.value() == 1)
        #expect(await early.outcome() == 1)
        let late = OneShot<Int>()
        async let value = late.value()
        async let outcome = late.outcome()
        late.give(2)
        #expect(await value == 2)
        #expect(await outcome == 2)
    }

    @Test("a cancelled wait returns nil; a deadline that passes returns nil")
    func oneShotWaitEndsOnCancelOrDeadline() async {
        let never = OneShot<Int>()
        let waiter = Task { await never.value() }
        waiter.cancel()
        #expect(await waiter.value == nil)
        #expect(await never.value(until: .now) == nil)
        never.give(3)
        #expect(await never.value(until: .now) == 3)
    }

    @Test("an ending with no child pending goes on at once, with the children's reports")
    func endingGoesOnWithNoChildPending() {
        let app = TestApp()
        let ran = Locked(false)
        app.onEnd { _ in ran.withLock { $0 = true } }
        let ending = Strata.Ending(at: nil)
        let children = ending.childrenWalked(of: app.scope.core)
        #expect(children != nil)
        #expect(!ran.withLock { $0 })
    }

    @Test("an ending waits for children ending elsewhere: the last one's end runs the rest, once")
    func endingHandsItsRestToTheLastChild() {
        let parent = Strata.Ending(at: nil)
        let first = Strata.Ending(at: nil)
        let second = Strata.Ending(at: nil)
        parent.waitFor(first, of: ContainerDescription(typeName: "Child", tier: "feature"))
        parent.waitFor(second, of: ContainerDescription(typeName: "Child", tier: "feature"))
        let app = TestApp()
        let rests = Locked(0)
        app.onEnd { _ in rests.withLock { $0 += 1 } }
        #expect(parent.childrenWalked(of: app.scope.core) == nil)
        first.done.give(EndReport())
        #expect(rests.withLock { $0 } == 0)
        second.done.give(EndReport())
        #expect(rests.withLock { $0 } == 1)
        #expect(!app.isActive)
        #expect(parent.done.given?.ended.map(\.typeName) == ["TestApp"])
        second.done.give(EndReport())
        #expect(rests.withLock { $0 } == 1)
    }

    @Test("a child done before the parent waited for it, or one that has left, counts as done")
    func endingCountsAChildAlreadyDone() {
        let parent = Strata.Ending(at: nil)
        let child = Strata.Ending(at: nil)
        child.done.give(EndReport())
        parent.waitFor(child, of: ContainerDescription(typeName: "Child", tier: "feature"))
        let left = OneShot<Void>()
        left.give(())
        parent.waitFor(leaving: left, of: ContainerDescription(typeName: "Child", tier: "feature"))
        #expect(parent.childrenWalked(of: TestApp().scope.core) != nil)
    }

    @Test("tracked work counts as finished once its body has run and been let go")
    func trackedWorkFinishesAfterLettingGo() async {
        let held = Locked<[String]>([])
        final class Captured: Sendable {
            let held: Locked<[String]>
            init(_ held: Locked<[String]>) { self.held = held }
            deinit { held.withLock { $0.append("let go") } }
        }
        var captured: Captured? = Captured(held)
        let work = TrackedWork(for: nil) { [captured] in
            _ = captured
            held.withLock { $0.append("ran") }
        }
        captured = nil
        #expect(!work.isFinished)
        await work.run()
        #expect(work.isFinished)
        #expect(held.withLock { $0 } == ["ran", "let go"])
        #expect(await work.wait(until: .now))
    }

    @Test("a token not held is waited out at once; holding marks it finished when done")
    func tokenIsHeldThenFinished() {
        let token = Construction(builder: .task(0))
        #expect(!token.isFinished)
        let inside = token.hold { token.isFinished }
        #expect(!inside)
        #expect(token.isFinished)
        #expect(token.waitOut())
    }
}
