import Strata
import Synchronization
import Testing

/// Counts how often plans ran, per container.
private final class Applications: Sendable {
    private let byContainer = Locked<[ObjectIdentifier: Int]>([:])

    func record(_ container: AnyObject) {
        byContainer.withLock { $0[ObjectIdentifier(container), default: 0] += 1 }
    }

    func count(_ container: AnyObject) -> Int {
        byContainer.withLock { $0[ObjectIdentifier(container)] ?? 0 }
    }

    var total: Int { byContainer.withLock { $0.values.reduce(0, +) } }
}

@Suite("Plans for containers not made yet")
struct PlanTests {
    @Test("a plan overrides a provider of a session made later, before its first resolution")
    func overridesBeforeFirstResolution() {
        let app = TestApp()
        app.prepare(TestSession.self) { session in
            session.user.override { Tracked("planned user", log: session.parent.log) }
        }
        let session = app.makeSession()
        #expect(session.user().name == "planned user")
        #expect(app.log.all == ["made planned user"])
    }

    @Test("a plan reaches containers at any depth, once each")
    func anyDepthOnceEach() {
        let app = TestApp()
        let applications = Applications()
        app.prepare(TestFeature.self) { applications.record($0) }
        let underApp = app.makeFeature()
        let underSession = app.makeSession().makeFeature()
        let deep = underSession.makeInteraction().parent
        for feature in [underApp, underSession, deep, underApp, underSession] {
            _ = feature.screen()
            feature.onEnd { _ in }
            _ = feature.tree
        }
        #expect(applications.count(underApp) == 1)
        #expect(applications.count(underSession) == 1)
        #expect(applications.total == 2)
    }

    @Test("plans for one type run in the order they were added, and not for other types")
    func orderAndType() {
        let app = TestApp()
        let log = EventLog()
        app.prepare(TestSession.self) { _ in log.record("first") }
        app.prepare(TestFeature.self) { _ in log.record("feature") }
        app.prepare(TestSession.self) { _ in log.record("second") }
        _ = app.makeSession().user()
        #expect(log.all == ["first", "second"])
    }

    @Test("a plan for a type never made does nothing, and the tree works as without it")
    func typeNeverMade() {
        let app = TestApp()
        let applications = Applications()
        app.prepare(TestInteraction.self) { applications.record($0) }
        let session = app.makeSession()
        let feature = session.makeFeature()
        _ = session.user()
        _ = feature.screen()
        let report = app.end()
        #expect(applications.total == 0)
        #expect(report.ended.map(\.typeName) == ["TestFeature", "TestSession", "TestApp"])
        #expect(report.watched.isEmpty)
    }

    @Test("a removed plan no longer applies; what it did before stays")
    func removal() {
        let app = TestApp()
        let plan = app.prepare(TestSession.self) { session in
            session.user.override { Tracked("planned user", log: EventLog()) }
        }
        let before = app.makeSession()
        _ = before.store()  // first use: the plan runs
        plan.cancel()
        plan.cancel()  // a second cancel does nothing
        let after = app.makeSession()
        #expect(before.user().name == "planned user")
        #expect(after.user().name == "session.user")
    }

    @Test("a container made before the plan but first used after it is prepared")
    func madeBeforeUsedAfter() {
        let app = TestApp()
        let session = app.makeSession()
        app.prepare(TestSession.self) { session in
            session.user.override { Tracked("planned user", log: EventLog()) }
        }
        #expect(session.user().name == "planned user")
    }

    @Test("a plan lives in its root: another root's containers are untouched")
    func rootsAreSeparate() {
        let planned = TestApp()
        planned.prepare(TestSession.self) { session in
            session.user.override { Tracked("planned user", log: EventLog()) }
        }
        let other = TestApp()
        #expect(other.makeSession().user().name == "session.user")
        #expect(planned.makeSession().user().name == "planned user")
    }

    @Test("a plan may use the container it prepares: resolve, override, make a child")
    func planUsesItsContainer() {
        let app = TestApp()
        let seen = Locked<[String]>([])
        app.prepare(TestSession.self) { session in
            session.user.override { Tracked("planned user", log: EventLog()) }
            let feature = session.makeFeature()
            seen.withLock { $0 = [session.user().name, feature.screen().name] }
        }
        let session = app.makeSession()
        #expect(session.store().name == "session.store")
        #expect(seen.withLock { $0 } == ["planned user", "feature.screen"])
    }

    @Test(
        "a thread that uses the container while another applies its plan waits for the plan",
        .tags(.stress), .timeLimit(.minutes(1)))
    func otherThreadsWait() {
        let app = TestApp()
        let session = app.makeSession()
        let planStarted = Atomic<Bool>(false)
        let secondArrived = Arrivals()
        let planFinished = Atomic<Bool>(false)
        let resolvedBeforePlanFinished = Atomic<Bool>(false)
        app.prepare(TestSession.self) { session in
            planStarted.store(true, ordering: .sequentiallyConsistent)
            // Let the other thread reach the container while the plan is still running.
            _ = secondArrived.wait(for: 1)
            spin(microseconds: 2_000)
            session.user.override { Tracked("planned user", log: EventLog()) }
            planFinished.store(true, ordering: .sequentiallyConsistent)
        }
        let names = Locked<[String]>([])
        let finished = onThreads(2) { index in
            if index == 1 {
                // The first thread's use of the session runs the plan; come in during it.
                while !planStarted.load(ordering: .sequentiallyConsistent) {}
                secondArrived.arrive()
            }
            let user = session.user()
            if !planFinished.load(ordering: .sequentiallyConsistent) {
                resolvedBeforePlanFinished.store(true, ordering: .sequentiallyConsistent)
            }
            names.withLock { $0.append(user.name) }
        }
        #expect(finished)
        #expect(names.withLock { $0 } == ["planned user", "planned user"])
        let resolvedEarly = resolvedBeforePlanFinished.load(ordering: .sequentiallyConsistent)
        #expect(!resolvedEarly)
    }

    @Test(
        "sessions made and used from many threads at once are each prepared exactly once",
        .timeLimit(.minutes(1)))
    func concurrentCreation() {
        let app = TestApp()
        let applications = Applications()
        app.prepare(TestSession.self) { session in
            applications.record(session)
            session.user.override { Tracked("planned user", log: EventLog()) }
        }
        let sessions = (0..<16).map { _ in app.makeSession() }
        let wrong = Atomic<Int>(0)
        let start = Barrier(parties: 8)
        let finished = onThreads(8) { _ in
            guard start.arriveAndWait() else { return }
            for session in sessions + [app.makeSession(), app.makeSession()] {
                if session.user().name != "planned user" { wrong.add(1, ordering: .relaxed) }
            }
        }
        #expect(finished)
        let wrongNames = wrong.load(ordering: .relaxed)
        #expect(wrongNames == 0)
        for session in sessions { #expect(applications.count(session) == 1) }
        #expect(applications.total == 16 + 8 * 2)
    }
}
