import Foundation
import Strata
import Testing

/// Counts how many instances were made and ended, and whether one ended twice.
final class LifeCount: Sendable {
    let made = Counter()
    let ended = Counter()
    let endedTwice = Counter()
}

/// An instance that counts its making and its end hook.
final class Counted: ScopeBound {
    let id: Int
    let count: LifeCount
    private let hasEnded = Locked(false)

    init(count: LifeCount) {
        self.count = count
        id = count.made.next()
    }

    func scopeDidEnd() {
        let again = hasEnded.withLock { ended in
            defer { ended = true }
            return ended
        }
        (again ? count.endedTwice : count.ended).next()
    }
}

/// An instance with async work at its end.
final class AsyncEnding: AsyncScopeBound {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func scopeDidEnd() async { log.record("async end") }
}

final class ResetApp: Container {
    let scope = AppScope()
    let count = LifeCount()
    let log = EventLog()
    var counted: Provider<Counted> { shared { Counted(count: self.count) } }
    var journal: Provider<AsyncEnding> { shared { AsyncEnding(log: self.log) } }
    var loaded: AsyncProvider<Counted> { shared { () async in Counted(count: self.count) } }
}

@Suite("Reset of one instance")
struct ResetTests {
    @Test("endCachedInstance ends the instance now, and the next resolution builds anew")
    func resetEndsAndRebuilds() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        app.config.endCachedInstance()
        #expect(log.all == ["made app.config", "end app.config", "released app.config"])
        #expect(app.config().name == "app.config")
        #expect(log.all.count == 4)
        withExtendedLifetime(app) {}
    }

    @Test(
        "reset watches an instance still held, and judges it a leak to the caller and the root's receivers",
        .timeLimit(.minutes(1)))
    func resetReportsSurvivor() async {
        let received = Locked<[WatchedInstance]>([])
        let app = TestApp().judging()
        app.onLeak { leak in received.withLock { $0.append(leak) } }
        let held = app.config()
        let report = app.config.endCachedInstance()
        #expect(report.watched.map(\.object) == [ObjectIdentifier(held)])
        #expect(report.watched.first?.provider.providerName == "config")
        #expect(report.ended.isEmpty)
        let leaks = await report.leaks()
        #expect(leaks.map(\.object) == [ObjectIdentifier(held)])
        #expect(received.withLock { $0 } == leaks)
        #expect(app.config() !== held)
    }

    @Test("endCachedInstance of an instance nothing else holds reports no survivor")
    func resetWithoutSurvivor() {
        let app = TestApp()
        _ = app.config()
        #expect(app.config.endCachedInstance().watched.isEmpty)
    }

    @Test("endCachedInstance starts an async end and lists it as not awaited, as end() does")
    func resetStartsAsyncEnd() {
        let app = ResetApp()
        _ = app.journal()
        let report = app.journal.endCachedInstance()
        #expect(report.overran.map(\.description) == ["scopeDidEnd() of ResetApp.journal"])
    }

    @Test("endCachedInstance traces the instance's end")
    func resetTraces() {
        let events = Locked<[String]>([])
        let app = TestApp()
        _ = app.service()
        app.onTrace { event in events.withLock { $0.append(event.description) } }
        app.service.endCachedInstance()
        #expect(events.withLock { $0 } == ["ended TestApp.service: Service"])
    }

    @Test(
        "endCachedInstance of an async provider ends its instance, and the next resolve builds anew"
    )
    func resetAsyncProvider() async throws {
        let app = ResetApp()
        #expect(try await app.loaded.resolve().id == 1)
        let report = app.loaded.endCachedInstance()
        #expect(report.watched.isEmpty, "\(report)")
        #expect(app.count.ended.value == 1)
        #expect(try await app.loaded.resolve().id == 2)
    }

    @Test(
        "endCachedInstance of a main-actor provider ends its instance and reports it while it is held"
    )
    @MainActor
    func resetMainActorProvider() {
        let app = MainActorApp()
        let first = app.profile()
        let report = app.profile.endCachedInstance()
        #expect(report.watched.map(\.provider.providerName) == ["profile"])
        #expect(app.profile() !== first)
    }

    @Test("endCachedInstance of one argument leaves the instances of the other arguments")
    func resetOneArgument() {
        let app = TestApp()
        let one = app.item(1)()
        let two = app.item(2)()
        app.item(2).endCachedInstance()
        #expect(app.item(1)() === one)
        #expect(app.item(2)() !== two)
    }

    @Test("endCachedInstance of a weakShared provider drops the live instance and ends it")
    func resetWeakShared() {
        let log = EventLog()
        let app = TestApp(log: log)
        let held = app.cache()
        let report = app.cache.endCachedInstance()
        #expect(report.watched.map(\.object) == [ObjectIdentifier(held)])
        #expect(app.cache() !== held)
        #expect(Array(log.all.prefix(3)) == ["made app.cache", "end app.cache", "made app.cache"])
    }

    @Test("endCachedInstance on an ended container gives an empty report and runs no hook")
    func resetAfterEnd() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        app.end()
        let report = app.config.endCachedInstance()
        #expect(report.watched.isEmpty && report.ended.isEmpty && report.overran.isEmpty)
        #expect(log.all == ["made app.config", "end app.config", "released app.config"])
    }

    @Test(
        "an instance being built when reset comes goes to its caller and is not stored",
        .timeLimit(.minutes(1)))
    func resetDuringBuild() throws {
        let app = GatedApp()
        let finished = Arrivals()
        let first = Locked<Service?>(nil)
        Thread.detachNewThread {
            let service = app.service()
            first.withLock { $0 = service }
            finished.arrive()
        }
        try #require(app.entered.wait(for: 1))
        #expect(app.service.endCachedInstance().watched.isEmpty)
        app.gate.signal()
        try #require(finished.wait(for: 1))
        app.gate.signal()  // for the build the next resolution starts
        let next = app.service()
        #expect(next !== first.withLock { $0 })
        #expect(app.entered.count == 2)
    }

    @Test(
        "resets racing resolutions end every stored instance exactly once", .timeLimit(.minutes(1)))
    func resetsRacingResolutions() throws {
        let app = ResetApp()
        // Only stored instances are traced as made; one a reset dropped while it was being
        // built belongs to its caller, as the reset's documentation says.
        let stored = Counter()
        app.onTrace { event in
            if case .made = event { stored.next() }
        }
        let start = Barrier(parties: 4)
        let finished = onThreads(4) { index in
            guard start.arriveAndWait() else { return }
            for _ in 0..<300 {
                if index == 0 {
                    app.counted.endCachedInstance()
                } else {
                    _ = app.counted()
                }
            }
        }
        try #require(finished)
        app.counted.endCachedInstance()
        #expect(stored.value > 0)
        #expect(app.count.ended.value == stored.value)
        #expect(app.count.endedTwice.value == 0)
    }
}

@Suite("Overrides end what they replace")
struct OverrideResetTests {
    @Test("installing an override ends the instance it replaces now, and releases it")
    func overrideEndsReplaced() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        app.config.override { Tracked("replacement", log: log) }
        #expect(log.all == ["made app.config", "end app.config", "released app.config"])
        #expect(app.config().name == "replacement")
    }

    @Test("repeated overrides keep one live instance, not one per override")
    func repeatedOverridesDoNotAccumulate() {
        let app = ResetApp()
        let count = app.count
        for _ in 0..<20 {
            app.counted.override { Counted(count: count) }
            _ = app.counted()
        }
        #expect(count.made.value == 20)
        #expect(count.ended.value == 19)
        app.end()
        #expect(count.ended.value == 20)
    }

    @Test("cancelling an override ends the override's instance now")
    func cancelOverrideEndsInstance() {
        let log = EventLog()
        let app = TestApp(log: log)
        let replacement = app.config.override { Tracked("replacement", log: log) }
        _ = app.config()
        replacement.cancel()
        #expect(log.all == ["made replacement", "end replacement", "released replacement"])
        #expect(app.config().name == "app.config")
    }

    @Test(
        "a replaced instance still held is a leak to the root's receivers",
        .timeLimit(.minutes(1)))
    func replacedSurvivorReported() async {
        let received = Locked<[WatchedInstance]>([])
        let judged = AsyncGate()
        let app = TestApp().judging()
        app.onLeak { leak in
            received.withLock { $0.append(leak) }
            judged.open()
        }
        let held = app.config()
        app.config.override { Tracked("replacement", log: EventLog()) }
        await judged.wait()
        #expect(received.withLock { $0.map(\.object) } == [ObjectIdentifier(held)])
        withExtendedLifetime(held) {}
    }
}
