import Foundation
import Strata
import StrataTesting
import Synchronization
import TestPauses
import Testing

/// An instance whose async end holds it until the test lets it go, as a slow flush does.
final class SlowFlush: AsyncScopeBound {
    private let (letGoSignal, letGoContinuation) = AsyncStream.makeStream(of: Void.self)

    /// Lets the flush finish, now or once it starts.
    func letGo() { letGoContinuation.yield() }

    func scopeDidEnd() async {
        for await _ in letGoSignal { return }
    }
}

/// A session instance that keeps the feature containers it presents: the coordinator shape,
/// a cycle through the session when it is dropped without `end()`.
final class Presenter: Sendable {
    private let presented = Locked<[PresentedFeature]>([])
    func present(_ feature: PresentedFeature) { presented.withLock { $0.append(feature) } }
}

final class PresentingSession: Container {
    let scope: SessionScope<Leaky>
    init(parent: Leaky) { scope = SessionScope(parent: parent) }
    var presenter: Provider<Presenter> { shared { Presenter() } }
    var flush: Provider<SlowFlush> { shared { SlowFlush() } }
}

final class PresentedFeature: Container {
    let scope: FeatureScope<PresentingSession>
    init(parent: PresentingSession) { scope = FeatureScope(parent: parent) }
}

/// The issues `body` records in the scope of `trait`, and what they say.
func issues(
    of trait: NoLeaksTrait, _ body: @escaping @Sendable () async throws -> Void
) async throws -> [Issue] {
    let recorded = Locked<[Issue]>([])
    try await withKnownIssue(isIntermittent: true) {
        try await run(trait, body)
    } matching: { issue in
        recorded.withLock { $0.append(issue) }
        return true
    }
    return recorded.withLock { $0 }
}

extension Issue {
    var text: String { comments.map(\.rawValue).joined() }
}

@Suite("The noLeaks trait judges once the test is over")
struct TraitJudgementTests {
    /// The flush lets go of its instance only after the grace period has passed twice over:
    /// a check that judged without waiting for the work would find the instance alive.
    @Test(
        "an instance held only by the flush end() started is not a leak",
        .timeLimit(.minutes(1)))
    func pendingWorkIsWaitedFor() async throws {
        let grace = Duration.milliseconds(50)
        let found = try await issues(of: .noLeaks(grace: grace)) {
            let app = Leaky()
            let session = PresentingSession(parent: app)
            let flush = session.flush()
            defer {
                Task {
                    await outlast(grace * 4)
                    flush.letGo()
                }
            }
            session.end()
            app.end()
        }
        #expect(found.isEmpty)
    }

    @Test(
        "a survivor's issue names the test and points at the end() call",
        .timeLimit(.minutes(1)))
    func survivorPointsAtTheEnd() async throws {
        let keeper = Keeper()
        let endLine = #line + 4
        let found = try await issues(of: .noLeaks) {
            let session = Leaky().makeSession()
            keeper.keep(session.profile())
            session.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.line == endLine)
        #expect(found[0].sourceLocation?.fileName == "TraitJudgementTests.swift")
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/TraitJudgementTests.swift")
        #expect(found[0].sourceLocation?.filePath == "\(#filePath)")
        #expect(found[0].sourceLocation?.column == 1)
        #expect(found[0].text.contains("survivorPointsAtTheEnd()"))
        #expect(found[0].text.contains("LeakySession.profile: Payload is still alive"))
    }

    @Test(
        "a survivor released within the grace period is not reported",
        .timeLimit(.minutes(1)))
    func releasedWithinGrace() async throws {
        // Released by a thread of its own, which no busy task pool delays: a task for it
        // was starved past the grace when the coverage gate ran every suite at once.
        let found = try await issues(of: .noLeaks(grace: .seconds(2))) {
            let session = Leaky().makeSession()
            let late = session.profile()
            session.end()
            Thread.detachNewThread { withExtendedLifetime(late) {} }
        }
        #expect(found.isEmpty)
    }

    @Test(
        "a container dropped without end() and kept by a cycle is reported as leaked",
        .timeLimit(.minutes(1)))
    func leakedContainer() async throws {
        let found = try await issues(of: .noLeaks(grace: .milliseconds(100))) {
            let app = Leaky()
            let session = PresentingSession(parent: app)
            let feature = PresentedFeature(parent: session)
            _ = feature.tree  // used, as a presented screen's container is
            session.presenter().present(feature)
        }
        // One issue, under the deepest container: the others are alive because it is.
        try #require(found.count == 1)
        let text = found[0].text
        #expect(text.contains("PresentedFeature (feature tier) made at StrataTestingTests/"))
        #expect(text.contains("(Leaky › PresentingSession › PresentedFeature)"))
        #expect(text.contains("never ended"))
        #expect(text.contains("It keeps alive the containers above it: PresentingSession, Leaky."))
        // It points at the line the feature's scope was made on, in a file that exists.
        let location = try #require(found[0].sourceLocation)
        #expect(location.fileName == "TraitJudgementTests.swift")
        #expect(location.filePath.hasPrefix("/"))
    }

    @Test(
        "a container released or ended during the test is not reported as leaked",
        .timeLimit(.minutes(1)))
    func endedContainersAreNotLeaked() async throws {
        let found = try await issues(of: .noLeaks) {
            let app = Leaky()
            let session = PresentingSession(parent: app)
            _ = PresentedFeature(parent: session).tree
            session.end()
            _ = app.makeSession().profile()
        }
        #expect(found.isEmpty)
    }

    @Test(
        "leaksAllowed exempts watch(_:) too",
        .timeLimit(.minutes(1)))
    func allowedExemptsWatch() async throws {
        let keeper = Keeper()
        let found = try await issues(of: .noLeaks) {
            try await run(.leaksAllowed) {
                let app = await madeOnAnotherThread()
                NoLeaksTrait.watch(app)
                keeper.keep(app.cache())
                app.end()
            }
        }
        #expect(found.isEmpty)
    }
}
