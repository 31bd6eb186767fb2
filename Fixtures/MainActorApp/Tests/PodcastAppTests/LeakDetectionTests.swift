import Strata
import StrataTesting
import Synchronization
import Testing

@testable import PodcastApp

// The two leaks a leak check must catch, built as an app builds them by mistake. These tests
// prove the shapes only, from the leaks an end report confirms and weak references; what the
// trait records of them, LeakCheckTests below asserts.

@Suite("Leaks the check must report")
struct LeakDetectionTests {
    @Test("a deliberate retain cycle outlives the session that made it", .timeLimit(.minutes(1)))
    func deliberateCycle() async {
        // Under the check, the app's ends are judged after its tenth of a second of grace
        // rather than the two seconds an app's root waits.
        let findings = await NoLeaksTrait.check { @MainActor @Sendable in
            let session = makeDeliberateCycle()
            weak let timer = session.resumeTimer()
            let report = await session.endAndWait()
            let leaks = await report.leaks()
            #expect(leaks.map(\.typeName) == ["ResumeTimer"], "\(report)")
            #expect(leaks.map(\.provider.description) == ["SessionContainer.resumeTimer"])
            #expect(timer != nil)
            timer?.stop()  // breaks the cycle, so the test leaves nothing behind
            #expect(timer == nil)
        }
        // The body broke the cycle before it returned: the check judges what is still alive
        // once the body is over, and finds nothing.
        #expect(findings.leaks.isEmpty)
        #expect(findings.unjudged.isEmpty)
        #expect(findings.neverEnded.isEmpty)
    }

    @Test("a session dropped while a screen holds its feature container stays alive and active")
    func leakedSession() {
        let leaked = makeLeakedSession(under: AppContainer())
        #expect(leaked.session != nil)
        #expect(leaked.session?.isActive == true)
        #expect(leaked.coordinator?.screens.map(\.name) == ["library"])
        leaked.session?.end()  // ends it by hand, so the test leaves nothing behind
        #expect(leaked.session == nil)
    }
}

/// Runs `body` in the scope `trait` gives the current test, as Swift Testing would, and
/// returns the issues it records.
func issues(
    of trait: NoLeaksTrait, _ body: @escaping @Sendable () async throws -> Void
) async throws -> [Issue] {
    let test = try #require(Test.current)
    let recorded = Mutex<[Issue]>([])
    try await withKnownIssue(isIntermittent: true) {
        try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
    } matching: { issue in
        recorded.withLock { $0.append(issue) }
        return true
    }
    return recorded.withLock { $0 }
}

@Suite("The leak check reports both leaks")
struct LeakCheckTests {
    @Test(
        "the deliberate retain cycle is reported at the end that left it", .timeLimit(.minutes(1)))
    func cycleIsReported() async throws {
        let timer = Mutex<WeakTimer>(WeakTimer())
        let found = try await issues(of: .noLeaks(grace: .milliseconds(200))) { @MainActor in
            let session = makeDeliberateCycle()
            let kept = session.resumeTimer()
            timer.withLock { $0.timer = kept }
            await session.endAndWait()
        }
        let texts = found.map { $0.comments.map(\.rawValue).joined() }
        #expect(texts.count == 1)
        #expect(
            texts.first?.contains("SessionContainer.resumeTimer: ResumeTimer is still alive")
                == true)
        #expect(found.first?.sourceLocation?.fileName == "LeakDetectionTests.swift")
        timer.withLock { $0.timer?.stop() }
    }

    @Test(
        "the session dropped while a screen is open is reported as leaked", .timeLimit(.minutes(1)))
    func leakedSessionIsReported() async throws {
        let leaked = Mutex<LeakedSession?>(nil)
        let found = try await issues(of: .noLeaks(grace: .milliseconds(200))) { @MainActor in
            leaked.withLock { $0 = makeLeakedSession(under: AppContainer()) }
        }
        let texts = found.map { $0.comments.map(\.rawValue).joined() }
        #expect(
            texts.contains {
                $0.contains("SessionContainer (session tier)")
                    && $0.contains("(AppContainer › SessionContainer)")
                    && $0.contains("never ended")
            })
        _ = leaked.withLock { $0?.session?.end() }
    }
}

/// A weak hold on the deliberate cycle's timer, to break the cycle once the check has run.
struct WeakTimer: @unchecked Sendable {
    // @unchecked: written and read under the test's Mutex only.
    weak var timer: ResumeTimer?
}
