import Strata
import Testing

/// The spellings deprecated before 1.0 keep doing what they did, through their replacement.
///
/// Each test is deprecated itself, so that calling a deprecated spelling here is no warning:
/// the warnings gate holds for every other file.
@Suite("Deprecated spellings")
struct DeprecatedSpellingTests {
    @available(*, deprecated)
    @Test("reset() ends the instance as endCachedInstance() does")
    func resetEndsTheInstance() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        let report = app.config.reset()
        #expect(report.watched.isEmpty)
        #expect(log.all == ["made app.config", "end app.config", "released app.config"])
        _ = app.config()
        #expect(log.all.count == 4)
        withExtendedLifetime(app) {}
    }

    @available(*, deprecated)
    @Test("reset() on a main-actor provider and on an async one ends their instance")
    @MainActor
    func resetOfEveryKind() async {
        let app = ResetApp()
        _ = await app.loaded()
        app.loaded.reset()
        #expect(app.count.ended.value == 1)
        let details = DetailApp()
        let first = details.detail(id: 1)()
        details.detail(id: 1).reset()
        #expect(details.detail(id: 1)() !== first)
    }

    @available(*, deprecated)
    @Test("override(by:) gives the factory each argument, as overrideEveryArgument(of:) does")
    @MainActor
    func overrideByIsEveryArgument() {
        let app = TestApp()
        app.item(0).override(by: Int.self) { id in Service(id: id * 10) }
        #expect(app.item(3)().id == 30)
        let details = DetailApp()
        details.detail(id: 0).override(by: Int.self) { id in DetailViewModel(id: id + 100) }
        #expect(details.detail(id: 2)().id == 102)
    }

    @available(*, deprecated)
    @Test("performOrTrap answers as try perform does")
    func performOrTrapAnswers() {
        let app = TestApp()
        app.handle(Greeting.self) { "hello, \($0.name)" }
        #expect(app.makeSession().performOrTrap(Greeting(name: "Grace")) == "hello, Grace")
    }

    @available(*, deprecated)
    @Test("performOrTrap traps with the text perform throws")
    func performOrTrapTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = TestApp().makeFeature().performOrTrap(Unhandled())
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Strata: no handler for route Unhandled."))
    }

    @available(*, deprecated)
    @Test("gatherOrTrap gathers as try gather does, for both kinds of key")
    @MainActor
    func gatherOrTrapGathers() throws {
        let app = TestApp()
        let feature = app.makeSession().makeFeature()
        app.contribute(Names.self) { "app" }
        feature.contribute(Names.self) { "feature" }
        app.contribute(MainActorLabels.self) { "app label" }
        #expect(feature.gatherOrTrap(Names.self) == (try feature.gather(Names.self)))
        #expect(feature.gatherOrTrap(MainActorLabels.self) == ["app label"])
    }

    @available(*, deprecated)
    @Test("gatherOrTrap traps with the text gather throws")
    func gatherOrTrapTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let session = TestApp().makeSession()
            session.contribute(Names.self) { throw ContributionFailure() }
            _ = session.gatherOrTrap(Names.self)
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("Strata: TestSession.contribution to Names could not be built"))
    }

    @available(*, deprecated)
    @Test(
        "observeOnMainActor follows the latest value on the main actor, as trackOnMainActor does",
        .timeLimit(.minutes(1)))
    @MainActor
    func observeOnMainActorTracks() async {
        let status = Observed(0)
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        status.observeOnMainActor(in: app, from: .currentValue) { value in
            continuation.yield(value)
        }
        await Task.detached { status.value = 1 }.value
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        #expect(await iterator.next() == 1)
        app.end()
    }
}
