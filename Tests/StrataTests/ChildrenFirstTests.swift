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
        "app.end() during a session's endAndWait returns at once; the session's end finishes the app's",
        .timeLimit(.minutes(1)))
    func parentHandsItsEndToATeardown() async {
        let app = TestApp()
        let log = app.log
        _ = app.config()
        let session = app.makeSession()
        let flushing = AsyncGate()
        let release = AsyncGate()
        session.onEnd { _ in
            flushing.open()
            await release.wait()
            log.record("session flushed")
        }
        let teardown = Task { await session.endAndWait(within: unreachedDeadline) }
        await flushing.wait()
        let newer = app.makeFeature()
        _ = newer.screen()
        // Returns while the session's flush waits: it blocks on nothing.
        let report = await onAThread { app.end() }
        withExtendedLifetime(newer) {}
        #expect(report.ended.map(\.typeName) == ["TestFeature"])
        #expect(report.stillEnding.map(\.typeName) == ["TestApp"])
        #expect(!app.isActive)
        #expect(!log.all.contains("end app.config"))
        release.open()
        // The session's end runs the rest of the app's: the whole report, children first.
        let whole = await app.endAndWait()
        #expect(whole.ended.map(\.typeName) == ["TestFeature", "TestSession", "TestApp"])
        #expect(whole.stillEnding.isEmpty)
        let order = log.all.filter { $0 == "session flushed" || $0 == "end app.config" }
        #expect(order == ["session flushed", "end app.config"])
        #expect(await teardown.value.ended.map(\.typeName) == ["TestSession"])
    }

    @Test(
        "app.end() while another thread ends the session returns at once; that thread finishes the app's end",
        .timeLimit(.minutes(1)))
    func parentHandsItsEndToAnotherThread() async {
        let tree = await SessionEndingElsewhere.begin(releasedByNewerEnd: false)
        let report = await onAThread { tree.app.end() }
        #expect(report.ended.map(\.typeName) == ["TestFeature"])
        #expect(report.stillEnding.map(\.typeName) == ["TestApp"])
        tree.releaseSession()
        let whole = await tree.app.endAndWait()
        tree.expectSessionEndedFirst(whole)
        #expect(await tree.sessionEnd.value.ended.map(\.typeName) == ["TestSession"])
    }

    @Test(
        "app.endAndWait() while another thread ends the session awaits that end, and reports it",
        .timeLimit(.minutes(1)))
    func teardownWaitsForAnEndOnAnotherThread() async {
        let tree = await SessionEndingElsewhere.begin(releasedByNewerEnd: true)
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
        session.onEnd { _ in app.end() }
        let report = session.end()
        #expect(report.ended.map(\.typeName) == ["TestSession"])
        #expect(!app.isActive)
    }
}

/// An app whose session is in the middle of `end()` on another thread, its hook blocked, and
/// a feature newer than the session: the app's end reaches its children, the session among
/// them, before the session's end can finish.
struct SessionEndingElsewhere {
    let app: TestApp
    let newer: TestFeature
    let sessionEnd: Task<EndReport, Never>
    private let release: DispatchSemaphore

    /// Begins the session's end; the newer feature's end lets its hook go on when
    /// `releasedByNewerEnd`, or else ``releaseSession()`` does.
    static func begin(releasedByNewerEnd: Bool) async -> SessionEndingElsewhere {
        let app = TestApp()
        let log = app.log
        _ = app.config()
        let session = app.makeSession()
        let inHook = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        session.onEnd { _ in
            inHook.signal()
            release.wait()
            log.record("session hook done")
        }
        let sessionEnd = Task { await onAThread { session.end() } }
        await onAThread { inHook.wait() }
        let newer = app.makeFeature()
        _ = newer.screen()
        if releasedByNewerEnd { newer.onEnd { _ in release.signal() } }
        return SessionEndingElsewhere(
            app: app, newer: newer, sessionEnd: sessionEnd, release: release)
    }

    /// Lets the session's hook go on.
    func releaseSession() { release.signal() }

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
