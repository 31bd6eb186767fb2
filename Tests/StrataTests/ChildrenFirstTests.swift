import Dispatch
import Strata
import Testing

/// Runs `body` on a Dispatch thread of its own and awaits what it returns: a blocking end,
/// off the cooperative pool the awaited ends need.
func onAThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
}

@Suite("Children first, whoever started the child's end")
struct ChildrenFirstTests {
    @Test(
        "app.end() during a session's endAndWait waits for the session, and reports it",
        .timeLimit(.minutes(1)))
    func parentWaitsForATeardown() async {
        let app = TestApp()
        let log = app.log
        _ = app.config()
        let session = app.makeSession()
        let flushing = AsyncGate()
        let release = AsyncGate()
        session.onEnd {
            flushing.open()
            await release.wait()
            log.record("session flushed")
        }
        let teardown = Task { await session.endAndWait() }
        await flushing.wait()
        // A child newer than the session ends first in the app's end, and lets the session's
        // flush go on: the app's end has then reached its children, the session among them.
        let newer = app.makeFeature()
        newer.onEnd { release.open() }
        let report = await onAThread { app.end() }
        withExtendedLifetime(newer) {}
        #expect(report.ended.map(\.typeName) == ["TestFeature", "TestSession", "TestApp"])
        let order = log.all.filter { $0 == "session flushed" || $0 == "end app.config" }
        #expect(order == ["session flushed", "end app.config"])
        #expect(await teardown.value.ended.map(\.typeName) == ["TestSession"])
    }

    @Test(
        "app.end() while another thread ends the session waits for that end, and reports it",
        .timeLimit(.minutes(1)))
    func parentWaitsForAnEndOnAnotherThread() async {
        let tree = await SessionEndingElsewhere.begin()
        let report = await onAThread { tree.app.end() }
        tree.expectSessionEndedFirst(report)
        #expect(await tree.sessionEnd.value.ended.map(\.typeName) == ["TestSession"])
    }

    @Test(
        "app.endAndWait() while another thread ends the session awaits that end, and reports it",
        .timeLimit(.minutes(1)))
    func teardownWaitsForAnEndOnAnotherThread() async {
        let tree = await SessionEndingElsewhere.begin()
        let report = await tree.app.endAndWait()
        tree.expectSessionEndedFirst(report)
        _ = await tree.sessionEnd.value
    }

    @Test(
        "a session's hook that ends the app, on the ending thread, does not wait for itself",
        .timeLimit(.minutes(1)))
    func hookEndingTheParentDoesNotHang() {
        let app = TestApp()
        let session = app.makeSession()
        session.onEnd { app.end() }
        let report = session.end()
        #expect(report.ended.map(\.typeName) == ["TestSession"])
        #expect(!app.isActive)
    }
}

/// An app whose session is in the middle of `end()` on another thread, its hook blocked, and
/// a feature newer than the session whose end lets the hook go on: the app's end reaches its
/// children, the session among them, before the session's end can finish.
struct SessionEndingElsewhere {
    let app: TestApp
    let newer: TestFeature
    let sessionEnd: Task<EndReport, Never>

    static func begin() async -> SessionEndingElsewhere {
        let app = TestApp()
        let log = app.log
        _ = app.config()
        let session = app.makeSession()
        let inHook = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        session.onEnd {
            inHook.signal()
            release.wait()
            log.record("session hook done")
        }
        let sessionEnd = Task { await onAThread { session.end() } }
        await onAThread { inHook.wait() }
        let newer = app.makeFeature()
        newer.onEnd { release.signal() }
        return SessionEndingElsewhere(app: app, newer: newer, sessionEnd: sessionEnd)
    }

    /// The app's report names the session before the app, and the session's hook finished
    /// before the app's own instances ended.
    func expectSessionEndedFirst(
        _ report: EndReport, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            report.ended.map(\.typeName) == ["TestFeature", "TestSession", "TestApp"],
            sourceLocation: sourceLocation)
        let order = app.log.all.filter { $0 == "session hook done" || $0 == "end app.config" }
        #expect(order == ["session hook done", "end app.config"], sourceLocation: sourceLocation)
    }
}
