import Dispatch
import Foundation
import Strata
import Synchronization
import Testing

enum Names: ContributionKey {
    typealias Element = String
}

enum OtherNames: ContributionKey {
    typealias Element = String
}

enum MainActorLabels: MainActorContributionKey {
    typealias Element = String
}

/// Main-actor state a main-actor factory reads.
@MainActor
final class MainActorCounter {
    static let shared = MainActorCounter()
    var made = 0
}

struct ContributionFailure: Error {}

@Suite("Contributions")
struct ContributionTests {
    @Test("gather returns the root's contributions first, each container in contribution order")
    func orderRootFirst() throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let interaction = feature.makeInteraction()
        interaction.contribute(Names.self) { _ in "interaction.1" }
        feature.contribute(Names.self) { _ in "feature.1" }
        session.contribute(Names.self) { _ in "session.1" }
        app.contribute(Names.self) { _ in "app.1" }
        session.contribute(Names.self) { _ in "session.2" }
        feature.contribute(Names.self) { _ in "feature.2" }
        app.contribute(Names.self) { _ in "app.2" }
        interaction.contribute(Names.self) { _ in "interaction.2" }
        #expect(
            try interaction.gather(Names.self) == [
                "app.1", "app.2", "session.1", "session.2",
                "feature.1", "feature.2", "interaction.1", "interaction.2",
            ])
        #expect(try session.gather(Names.self) == ["app.1", "app.2", "session.1", "session.2"])
    }

    @Test("contributions under another key are not gathered")
    func keysAreSeparate() throws {
        let app = TestApp()
        app.contribute(Names.self) { _ in "name" }
        app.contribute(OtherNames.self) { _ in "other" }
        #expect(try app.gather(Names.self) == ["name"])
        #expect(try app.gather(OtherNames.self) == ["other"])
    }

    @Test("nested features: each sees its ancestors' contributions, not a sibling's or a child's")
    func nestedFeatures() throws {
        let app = TestApp()
        let session = app.makeSession()
        let profile = session.makeFeature()
        let support = session.makeFeature()
        let form = profile.makeInteraction()
        session.contribute(Names.self) { _ in "session" }
        profile.contribute(Names.self) { _ in "profile" }
        support.contribute(Names.self) { _ in "support" }
        form.contribute(Names.self) { _ in "form" }
        #expect(try form.gather(Names.self) == ["session", "profile", "form"])
        #expect(try profile.gather(Names.self) == ["session", "profile"])
        #expect(try support.gather(Names.self) == ["session", "support"])
    }

    @Test("a contribution is gone once its container ends; its live ancestors' remain")
    func goneAtEnd() throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let form = feature.makeInteraction()
        session.contribute(Names.self) { _ in "session" }
        feature.contribute(Names.self) { _ in "feature" }
        form.contribute(Names.self) { _ in "form" }
        feature.end()
        // Asked from the ended interaction, the gather passes it and its ended feature.
        #expect(try form.gather(Names.self) == ["session"])
        #expect(try feature.gather(Names.self) == ["session"])
    }

    @Test("a contribution's factory resolves providers of its own container, at each gather")
    func factoryResolvesOwnProviders() throws {
        let app = TestApp()
        let session = app.makeSession()
        let calls = Counter()
        session.contribute(Names.self) { session in
            "\(try session.user.resolve().name) \(calls.next())"
        }
        let feature = session.makeFeature()
        #expect(try feature.gather(Names.self) == ["session.user 1"])
        // The factory runs at each gather; the shared provider it resolves is made once.
        #expect(try feature.gather(Names.self) == ["session.user 2"])
        #expect(app.log.all.filter { $0 == "made session.user" }.count == 1)
    }

    @Test("a factory that throws in a live container fails the gather, naming the container")
    func factoryErrorThrown() {
        let app = TestApp()
        let session = app.makeSession()
        session.contribute(Names.self) { _ in throw ContributionFailure() }
        do {
            _ = try session.gather(Names.self)
            Issue.record("expected the gather to throw")
        } catch StrataError.factoryFailed(let provider, let underlying) {
            #expect(provider.containerDescription.typeName == "TestSession")
            #expect(provider.providerName == "contribution to Names")
            #expect(underlying is ContributionFailure)
        } catch {
            Issue.record("expected .factoryFailed, got \(error)")
        }
    }

    @Test("a withdrawn contribution is no longer gathered, and what it captured is released")
    func withdraw() throws {
        let app = TestApp()
        weak var captured: Tracked?
        let contribution: Subscription = {
            let tracked = Tracked("captured", log: app.log)
            captured = tracked
            return app.contribute(Names.self) { _ in tracked.name }
        }()
        app.contribute(Names.self) { _ in "kept" }
        #expect(contribution.isInEffect)
        #expect(try app.gather(Names.self) == ["captured", "kept"])
        contribution.cancel()
        #expect(!contribution.isInEffect)
        #expect(try app.gather(Names.self) == ["kept"])
        #expect(captured == nil)
        contribution.cancel()  // again: nothing
        #expect(try app.gather(Names.self) == ["kept"])
    }

    @Test("what a contribution captured is released at its container's end, handle kept or not")
    func capturesReleasedAtEnd() {
        let app = TestApp()
        let session = app.makeSession()
        weak var captured: Tracked?
        let contribution: Subscription = {
            let tracked = Tracked("captured", log: app.log)
            captured = tracked
            return session.contribute(Names.self) { _ in tracked.name }
        }()
        #expect(captured != nil)
        let report = session.end()
        #expect(captured == nil)
        #expect(report.watched.isEmpty)
        #expect(!contribution.isInEffect)
    }

    @Test("contributing to an ended container adds nothing")
    func contributeToEnded() throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        session.end()
        let contribution = session.contribute(Names.self) { _ in "late" }
        #expect(!contribution.isInEffect)
        app.contribute(Names.self) { _ in "app" }
        #expect(try feature.gather(Names.self) == ["app"])
    }

    @Test(
        "a container that ends while its factory runs: the element is left out",
        .timeLimit(.minutes(1)),
        arguments: [false, true])
    func endWhileFactoryRuns(resolvesOwnProvider: Bool) throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        session.contribute(Names.self) { _ in "session" }
        feature.contribute(Names.self) { feature in
            entered.signal()
            _ = proceed.wait(timeout: .now() + .seconds(10))
            // Resolving from the ended feature throws .ended; not resolving still returns.
            return resolvesOwnProvider ? try feature.screen.resolve().name : "feature"
        }
        let result = Locked<Result<[String], StrataError>?>(nil)
        let finished = Arrivals()
        Thread.detachNewThread {
            let gathered = Result { () throws(StrataError) in try feature.gather(Names.self) }
            result.withLock { $0 = gathered }
            finished.arrive()
        }
        try #require(entered.wait(timeout: .now() + .seconds(10)) == .success)
        feature.end()
        proceed.signal()
        try #require(finished.wait(for: 1))
        let gathered = try #require(result.withLock { $0 })
        #expect(try gathered.get() == ["session"])
    }

    @Test(
        "once end() has returned, no gather returns an element of the ended container",
        .timeLimit(.minutes(1)))
    func endRacingGather() throws {
        for round in 0..<200 {
            let app = TestApp()
            app.contribute(Names.self) { _ in "app" }
            let session = app.makeSession()
            session.contribute(Names.self) { session in
                try session.user.resolve().name
            }
            let feature = session.makeFeature()
            let start = Barrier(parties: 2)
            let endReturned = Atomic<Bool>(false)
            let violations = Counter()
            let failures = Counter()
            let done = onThreads(2) { index in
                guard start.arriveAndWait() else {
                    failures.next()
                    return
                }
                if index == 0 {
                    session.end()
                    endReturned.store(true, ordering: .sequentiallyConsistent)
                    return
                }
                while true {
                    let afterEnd = endReturned.load(ordering: .sequentiallyConsistent)
                    guard let names = try? feature.gather(Names.self) else {
                        failures.next()
                        return
                    }
                    if names.first != "app" || names.count > 2 { failures.next() }
                    if afterEnd {
                        if names != ["app"] { violations.next() }
                        return
                    }
                }
            }
            try #require(done, "round \(round) did not finish")
            #expect(violations.value == 0, "round \(round)")
            #expect(failures.value == 0, "round \(round)")
        }
    }

    @Test("main-actor contributions are made on the main actor when gathered there")
    @MainActor
    func mainActorVariant() async throws {
        let app = TestApp()
        let session = app.makeSession()
        // Contributed from off the main actor; the factories run on it.
        await Task.detached {
            app.contribute(MainActorLabels.self) { _ in
                MainActorCounter.shared.made += 1
                return "app \(MainActorCounter.shared.made)"
            }
            session.contribute(MainActorLabels.self) { _ in "session" }
        }.value
        app.contribute(Names.self) { _ in "any thread" }
        let before = MainActorCounter.shared.made
        #expect(try session.gather(MainActorLabels.self) == ["app \(before + 1)", "session"])
        #expect(try session.gather(Names.self) == ["any thread"])
        session.end()
        #expect(try session.gather(MainActorLabels.self) == ["app \(before + 2)"])
    }

    @Test("try! gather traps with the text gather throws when a factory fails")
    func gatherTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let session = TestApp().makeSession()
            session.contribute(Names.self) { _ in throw ContributionFailure() }
            _ = try! session.gather(Names.self)
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            printed.contains(
                "Strata: TestSession.contribution to Names could not be built: its factory threw "
                    + "ContributionFailure()"))
    }

    @Test("a main-actor try! gather traps with the text gather throws when a factory fails")
    func mainActorGatherTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let session = TestApp().makeSession()
            session.contribute(MainActorLabels.self) { _ in throw ContributionFailure() }
            _ = await MainActor.run { try! session.gather(MainActorLabels.self) }
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            printed.contains(
                "Strata: TestSession.contribution to MainActorLabels could not be built: its "
                    + "factory threw ContributionFailure()"))
    }
}
