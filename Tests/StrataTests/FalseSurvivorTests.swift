import Strata
import Testing

// The shapes of issue #27 that reported survivors nothing held: each round must report none.

/// A main-actor session instance that a view model reads.
@MainActor
final class SessionStore: Sendable {
    var episodes = 0
}

/// A main-actor view model whose deinit is isolated, as every main-actor class's is in a
/// module that is MainActor by default: released off the main actor, it is deinitialised
/// there later, and holds the store until then.
@MainActor
final class EpisodesViewModel: Sendable {
    let store: SessionStore

    init(store: SessionStore) { self.store = store }

    isolated deinit {}
}

final class PodcastSession: Container {
    let scope: SessionScope<TestApp>

    init(parent: TestApp) { scope = SessionScope(parent: parent) }

    @MainActor var store: MainActorProvider<SessionStore> { shared { SessionStore() } }

    func makeEpisodes() -> EpisodesFeature { EpisodesFeature(parent: self) }
}

final class EpisodesFeature: Container {
    let scope: FeatureScope<PodcastSession>

    init(parent: PodcastSession) { scope = FeatureScope(parent: parent) }

    @MainActor var viewModel: MainActorProvider<EpisodesViewModel> {
        shared { EpisodesViewModel(store: self.parent.store()) }
    }
}

/// An instance whose async end does a little work, holding itself while it does.
final class Uploading: AsyncScopeBound {
    func scopeDidEnd() async {
        for _ in 0..<3 { await Task.yield() }
    }
}

/// An instance that only an async hook or a task holds.
final class Draft: Sendable {}

final class Drafts: Container {
    let scope: FeatureScope<TestApp>

    init(parent: TestApp) { scope = FeatureScope(parent: parent) }

    var uploading: Provider<Uploading> { shared { Uploading() } }
    var draft: Provider<Draft> { shared { Draft() } }
}

@Suite("A survivor is a leak: nothing Strata holds or scheduled counts")
struct FalseSurvivorTests {
    static let rounds = 100
    /// Rounds of the shapes where the finishing task held the instance a moment too long.
    ///
    /// Issue #27 saw them a few times in 20,000 rounds; here in most runs of 10,000. A tenth
    /// under ThreadSanitizer, where they would starve the suite's other tests of the pool.
    static let heldRounds = isUnderThreadSanitizer ? 1_000 : 10_000
    /// Far past what a round takes, so that a test process starved of its cores for seconds
    /// by other suites (blocked on the guide's subprocesses) does not overrun it: an overrun
    /// is reported as such, and is not what these tests look for.
    static let deadline = Duration.seconds(120)

    @Test(
        "endAndWait: a main-actor view model with an isolated deinit leaves no survivor",
        .timeLimit(.minutes(1)))
    @MainActor
    func isolatedDeinitAfterEndAndWait() async {
        let app = TestApp().judging()
        var reports: [EndReport] = []
        for _ in 0..<Self.rounds {
            let session = PodcastSession(parent: app)
            let feature = session.makeEpisodes()
            _ = feature.viewModel()
            let report = await session.endAndWait(within: Self.deadline)
            reports.append(report)
            if !report.overran.isEmpty { Issue.record("overran: \(report)") }
        }
        #expect(await reports.leaks().isEmpty)
    }

    @Test(
        "end(): an AsyncScopeBound instance held by its scopeDidEnd task is pending, not a survivor",
        .timeLimit(.minutes(1)))
    func asyncScopeBoundAfterEnd() async {
        let app = TestApp().judging()
        var reports: [EndReport] = []
        for _ in 0..<Self.rounds {
            let drafts = Drafts(parent: app)
            _ = drafts.uploading()
            reports.append(drafts.end())
        }
        #expect(await reports.leaks().isEmpty)
    }

    @Test(
        "endAndWait: an instance only an async hook holds leaves no survivor",
        .timeLimit(.minutes(1)))
    func heldByAsyncHook() async {
        let app = TestApp().judging()
        var reports: [EndReport] = []
        for _ in 0..<Self.heldRounds {
            let drafts = Drafts(parent: app)
            drafts.onEnd { [draft = drafts.draft()] _ in
                await Task.yield()
                withExtendedLifetime(draft) {}
            }
            let report = await drafts.endAndWait(within: Self.deadline)
            if !report.watched.isEmpty { reports.append(report) }
            if !report.overran.isEmpty { Issue.record("overran: \(report)") }
        }
        #expect(await reports.leaks().isEmpty)
    }

    @Test(
        "endAndWait: an instance held by an awaited scopeDidEnd leaves no survivor",
        .timeLimit(.minutes(1)))
    func heldByAwaitedScopeDidEnd() async {
        let app = TestApp().judging()
        var reports: [EndReport] = []
        for _ in 0..<Self.heldRounds {
            let drafts = Drafts(parent: app)
            _ = drafts.uploading()
            let report = await drafts.endAndWait(within: Self.deadline)
            if !report.watched.isEmpty { reports.append(report) }
            if !report.overran.isEmpty { Issue.record("overran: \(report)") }
        }
        #expect(await reports.leaks().isEmpty)
    }

    @Test(
        "endAndWait: an instance held by a finished task leaves no survivor",
        .timeLimit(.minutes(1)))
    func heldByFinishedTask() async {
        let app = TestApp().judging()
        var reports: [EndReport] = []
        for _ in 0..<Self.heldRounds {
            let drafts = Drafts(parent: app)
            drafts.task { [draft = drafts.draft()] in withExtendedLifetime(draft) {} }
            let report = await drafts.endAndWait(within: Self.deadline)
            if !report.watched.isEmpty { reports.append(report) }
            if !report.overran.isEmpty { Issue.record("overran: \(report)") }
        }
        #expect(await reports.leaks().isEmpty)
    }

    @Test(
        "end(): a real leak beside pending work is watched, and judged a leak once the work is done",
        .timeLimit(.minutes(1)))
    func leakBesidePendingWork() async {
        let app = TestApp().judging()
        let ending = Ending(parent: app)
        _ = ending.flushing()
        let kept = ending.tracked()
        let report = ending.end()
        #expect(report.watched.map(\.typeName).contains("Tracked"))
        let leaks = await report.leaks()
        #expect(ending.log.all.contains("flush flushing done"))
        #expect(leaks.map(\.typeName) == ["Tracked"])
        withExtendedLifetime(kept) {}
    }
}

@Suite("A survivor names its provider, its type and its instance")
struct SurvivorIdentityTests {
    @Test("two reports of one leak name the same survivor; another instance differs")
    func equalityAndHashing() async {
        let app = TestApp()
        let first = TestFeature(parent: app)
        let second = TestFeature(parent: app)
        let kept = (first.screen(), second.screen())
        let a = first.end().watched
        let b = second.end().watched
        #expect(a.count == 1 && b.count == 1)
        #expect(a == a.map { $0 })
        #expect(a != b)
        #expect(Set(a + a + b).count == 2)
        #expect(a.first?.isStillAlive == true)
        #expect(a.first?.description.hasPrefix("TestFeature.screen: Tracked, alive when") == true)
        withExtendedLifetime(kept) {}
    }

    @Test(
        "a survivor judged leaked equals itself watched, and only its description says leaked",
        .timeLimit(.minutes(1)))
    func watchedEqualsLeaked() async throws {
        let received = Locked<[WatchedInstance]>([])
        let app = TestApp().judging()
        app.onLeak { leak in received.withLock { $0.append(leak) } }
        let feature = app.makeFeature()
        let kept = feature.screen()
        let report = feature.end()
        let leaks = await report.leaks()
        let watched = try #require(report.watched.first)
        let leaked = try #require(leaks.first)
        #expect(watched == leaked)
        #expect(Set([watched, leaked]).count == 1)
        #expect(received.withLock { $0 } == [watched])
        #expect(watched.description.hasSuffix("ended; watched"))
        #expect(!watched.description.contains("leaked"))
        #expect(leaked.description.contains("grace period passed: leaked"))
        #expect(received.withLock { $0.map(\.description) } == [leaked.description])
        #expect(report.watched.first?.description == watched.description)
        withExtendedLifetime(kept) {}
    }
}
