import Dispatch
import Foundation
import Strata
import Testing

/// Every waiter of one end is woken, and an awaited end that stops at its deadline names what
/// it stopped waiting for, once (issue 48, defects 1, 8 and 9).
///
/// A container's end runs on a thread of the test's own and stops there, in a deinit or a
/// hook, until the test lets it go: the shape of an end still running elsewhere. A hang shows
/// as an `endAndWait` whose deadline is past the test's time limit.
@Suite("Waiters of one end")
struct EndWaitersTests {
    /// An instance whose release stops its thread until the test lets it go.
    final class HeldInRelease: Sendable {
        let entered: Arrivals
        let letGo: DispatchSemaphore

        init(entered: Arrivals, letGo: DispatchSemaphore) {
            self.entered = entered
            self.letGo = letGo
        }

        deinit {
            entered.arrive()
            // Longer than any deadline of the test can take to fire on a loaded machine: the
            // Deadlines timer shares the cooperative pool with every test running beside.
            _ = letGo.wait(timeout: .now() + .seconds(50))
        }
    }

    final class Session: Container {
        let scope: SessionScope<TestApp>
        let entered = Arrivals()
        let letGo = DispatchSemaphore(value: 0)

        init(parent: TestApp) { scope = SessionScope(parent: parent) }

        var held: Provider<HeldInRelease> {
            shared { HeldInRelease(entered: self.entered, letGo: self.letGo) }
        }
    }

    /// A session whose quiet end, on a thread of its own, is releasing an instance: still a
    /// child of the app until the release is done.
    private func releasingSession(under app: TestApp) -> (Session, DispatchSemaphore) {
        let session = Session(parent: app)
        _ = session.held()
        let letGo = session.letGo
        Thread.detachNewThread { [session] in _ = session.end() }
        #expect(session.entered.wait(for: 1))
        return (session, letGo)
    }

    /// Starts `session.endAndWait` and returns once it waits: a task on `executor` runs up to
    /// its first suspension before `drained()` returns.
    private func awaitEnd(
        of session: Session, on executor: OneAtATime
    ) async -> Task<EndReport, Never> {
        let waiter = Task(executorPreference: executor) {
            await session.endAndWait(within: .seconds(90))
        }
        await executor.drained()
        return waiter
    }

    @Test(
        "the parent's end, then the child's endAndWait: both finish once the child has left",
        .timeLimit(.minutes(1)))
    func parentFirst() async {
        let app = TestApp()
        let hooks = EventLog()
        app.onEnd { _ in hooks.record("app") }
        let (session, letGo) = releasingSession(under: app)
        #expect(app.end().stillEnding.map(\.typeName) == ["TestApp"])
        let executor = OneAtATime()
        let waiter = await awaitEnd(of: session, on: executor)
        letGo.signal()
        _ = await waiter.value
        let report = await app.endAndWait(within: .seconds(90))
        #expect(report.stillEnding.isEmpty)
        #expect(hooks.all == ["app"])
        #expect(!app.isActive)
    }

    @Test(
        "the child's endAndWait, then the parent's end: both finish once the child has left",
        .timeLimit(.minutes(1)))
    func childFirst() async {
        let app = TestApp()
        let hooks = EventLog()
        app.onEnd { _ in hooks.record("app") }
        let (session, letGo) = releasingSession(under: app)
        let executor = OneAtATime()
        let waiter = await awaitEnd(of: session, on: executor)
        #expect(app.end().stillEnding.map(\.typeName) == ["TestApp"])
        letGo.signal()
        // On 28cfe11 the parent's signal replaced the waiter's, which slept to its deadline.
        _ = await waiter.value
        #expect((await app.endAndWait(within: .seconds(90))).stillEnding.isEmpty)
        #expect(hooks.all == ["app"])
    }

    @Test("two endAndWaits of one releasing child both return", .timeLimit(.minutes(1)))
    func twoWaitersOfOneChild() async {
        let app = TestApp()
        let (session, letGo) = releasingSession(under: app)
        let executor = OneAtATime()
        let first = await awaitEnd(of: session, on: executor)
        let second = await awaitEnd(of: session, on: executor)
        letGo.signal()
        _ = await second.value
        _ = await first.value
        #expect(!session.isActive)
    }

    /// A container whose end stops in its hook, on a thread of the test's own, until the test
    /// lets it go.
    private func endingInItsHook(_ container: some Container) -> DispatchSemaphore {
        let entered = Arrivals()
        let letGo = DispatchSemaphore(value: 0)
        container.onEnd { _ in
            entered.arrive()
            // Longer than any deadline of the test can take to fire on a loaded machine: the
            // Deadlines timer shares the cooperative pool with every test running beside.
            _ = letGo.wait(timeout: .now() + .seconds(50))
        }
        Thread.detachNewThread { [container] in _ = container.end() }
        #expect(entered.wait(for: 1))
        return letGo
    }

    @Test(
        "a draining end lists a child still ending at its deadline once",
        .timeLimit(.minutes(1)))
    func drainListsAChildOnce() async {
        let app = TestApp()
        let session = app.makeSession()
        let letGo = endingInItsHook(session)
        let report = await app.endAndWait(within: .milliseconds(100), draining: true)
        letGo.signal()
        #expect(report.overran.map(\.containerDescription.typeName) == ["TestSession"])
        #expect(report.overran.map(\.origin) == [.child])
        #expect(report.stillEnding.map(\.typeName) == ["TestApp"])
    }

    @Test(
        "an awaited end of a container handed off by end() names the child it waits for",
        .timeLimit(.minutes(1)))
    func handedOffEndNamesTheChild() async {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let letGo = endingInItsHook(feature)
        #expect(session.end().stillEnding.map(\.typeName) == ["TestSession"])
        let report = await session.endAndWait(within: .milliseconds(100))
        #expect(report.stillEnding.map(\.typeName) == ["TestSession"])
        #expect(report.overran.map(\.containerDescription.typeName) == ["TestFeature"])
        #expect(report.overran.map(\.origin) == [.child])
        letGo.signal()
        let whole = await session.endAndWait(within: .seconds(90))
        #expect(whole.stillEnding.isEmpty)
        _ = feature
    }
}
