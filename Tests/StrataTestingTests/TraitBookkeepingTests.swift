import Dispatch
import Strata
import StrataTesting
import Synchronization
import TestPauses
import Testing

// The trait's bookkeeping belongs to the test: receivers the app adds do not hide its leaks,
// containers ended in the grace period are judged, a watched root made before the test is
// not the test's, parallel tests on one root keep apart, and a first use racing an end
// leaves nothing behind.

@Suite("The trait's bookkeeping belongs to the test")
struct TraitBookkeepingTests {
    @Test(
        "a receiver the app adds with onLeak and the trait both see a leak",
        .timeLimit(.minutes(1)))
    func receiversCompose() async {
        let keeper = Keeper()
        let received = Locked<[WatchedInstance]>([])
        let findings = await NoLeaksTrait.check {
            let app = Leaky()
            app.onLeak { leak in received.withLock { $0.append(leak) } }
            let session = app.makeSession()
            keeper.keep(session.profile())
            let report = session.end()
            _ = await report.leaks()
        }
        #expect(findings.leaks.map(\.provider.description) == ["LeakySession.profile"])
        #expect(received.withLock { $0 } == findings.leaks)
    }

    @Test(
        "a container ended during the grace period, after the body, is judged",
        .timeLimit(.minutes(1)))
    func endedDuringTheGrace() async {
        let keeper = Keeper()
        // The check waits up to thirty seconds for the session to end: ended 200 ms after the
        // body, well inside that even when the parallel run keeps both cores busy for ten
        // seconds. The root judges after 50 ms, so the test does not wait for the verdict.
        let findings = await NoLeaksTrait.check(grace: .seconds(30)) {
            let app = Leaky()
            app.scope.core.shortenLeakGrace(to: .milliseconds(50))
            let session = app.makeSession()
            keeper.keep(session.profile())
            Task {
                await outlast(.milliseconds(200))
                session.end()
            }
        }
        #expect(findings.leaks.map(\.provider.description) == ["LeakySession.profile"])
        #expect(findings.neverEnded.isEmpty)
    }

    @Test(
        "a watched root made before the test is not reported as never ended",
        .timeLimit(.minutes(1)))
    func watchedRootIsNotTheTests() async {
        let app = Leaky()
        for _ in 0..<2 {
            let findings = await NoLeaksTrait.check {
                NoLeaksTrait.watch(app)
                let session = app.makeSession()
                _ = session.profile()
                session.end()
            }
            #expect(findings.isEmpty, "\(findings.neverEnded.map(\.container))")
        }
        app.end()
    }

    /// Both tests watch one root, in the order that let the second replace the first's
    /// ledger: the first ends its session properly and leaks an instance, the second leaks
    /// nothing.
    @Test(
        "two tests in parallel on one watched root each see their own containers and leaks",
        .timeLimit(.minutes(1)))
    func parallelTestsKeepApart() async {
        let app = Leaky()
        let keeper = Keeper()
        let bothWatch = Barrier(parties: 2)
        async let first = NoLeaksTrait.check {
            NoLeaksTrait.watch(app)
            await bothWatch.arrive()
            let session = app.makeSession()
            keeper.keep(session.profile())
            session.end()
        }
        async let second = NoLeaksTrait.check {
            await bothWatch.arrive()
            NoLeaksTrait.watch(app)
            let session = app.makeSession()
            _ = session.profile()
            session.end()
        }
        let (one, two) = await (first, second)
        #expect(one.leaks.map(\.provider.description) == ["LeakySession.profile"])
        #expect(one.neverEnded.isEmpty)
        #expect(two.isEmpty, "\(two.leaks) \(two.neverEnded.map(\.container))")
        app.end()
    }

    @Test(
        "a session's first use racing its end on another thread leaves no false never-ended",
        .tags(.stress), .timeLimit(.minutes(1)))
    func firstUseRacingTheEnd() async {
        let rounds = 1_000
        let findings = await NoLeaksTrait.check {
            let app = Leaky()
            for _ in 0..<rounds {
                let session = app.makeSession()
                await withCheckedContinuation { done in
                    DispatchQueue.global().async {
                        DispatchQueue.concurrentPerform(iterations: 2) { index in
                            if index == 0 {
                                _ = try? session.profile.resolve()
                            } else {
                                session.end()
                            }
                        }
                        done.resume()
                    }
                }
            }
            app.end()
        }
        #expect(findings.neverEnded.isEmpty, "\(findings.neverEnded.count) of \(rounds)")
    }
}

/// Parties wait until all have arrived.
final class Barrier: Sendable {
    private let state: Locked<(left: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(parties: Int) { state = Locked((parties, [])) }

    func arrive() async {
        await withCheckedContinuation { continuation in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.left -= 1
                state.waiting.append(continuation)
                guard state.left == 0 else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiting in release { waiting.resume() }
        }
    }
}

@Suite("The check from a main-actor test")
@MainActor
struct MainActorCheckTests {
    @Test("a main-actor test passes check a plain closure that uses its main-actor state")
    func plainClosure() async {
        var ended = 0
        let findings = await NoLeaksTrait.check {
            let session = Leaky().makeSession()
            _ = session.profile()
            session.end()
            ended += 1
        }
        #expect(ended == 1)
        #expect(findings.isEmpty)
    }
}

@Suite("A leak names its provider, its type, its instance and its end")
struct LeakIdentityTests {
    @Test(
        "a leak reads as one line with its likely cause, and equals only itself",
        .timeLimit(.minutes(1)))
    func descriptionAndEquality() async throws {
        let keeper = Keeper()
        let findings = await NoLeaksTrait.check {
            let app = Leaky()
            let (first, second) = (app.makeSession(), app.makeSession())
            keeper.keep(first.profile())
            keeper.keep(second.profile())
            first.end()
            second.end()
        }
        try #require(findings.leaks.count == 2)
        let (a, b) = (findings.leaks[0], findings.leaks[1])
        #expect(
            a.description
                == "LeakySession.profile: Payload is still alive after LeakySession ended and its "
                + "grace period passed: leaked (held by a retain cycle, a strong capture or a global)"
        )
        #expect(a == a && a != b)
        #expect(Set([a, a, b]).count == 2)
        #expect(a.endSite?.fileID.description == "StrataTestingTests/TraitBookkeepingTests.swift")
    }
}
