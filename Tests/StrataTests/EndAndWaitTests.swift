import Foundation
import Strata
import Testing

/// An instance whose async end hook awaits, then records.
final class Flushing: AsyncScopeBound {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    func scopeDidEnd() async {
        log.record("flush \(name) begins")
        for _ in 0..<5 { await Task.yield() }
        log.record("flush \(name) done")
    }
}

/// A feature container with an instance of each kind of end hook.
final class Ending: Container {
    let scope: FeatureScope<TestApp>
    let log: EventLog

    init(parent: TestApp) {
        log = parent.log
        scope = FeatureScope(parent: parent)
    }

    var tracked: Provider<Tracked> { shared { Tracked("tracked", log: self.log) } }
    var flushing: Provider<Flushing> { shared { Flushing("flushing", log: self.log) } }

    func makeChild() -> TestInteractionUnder { TestInteractionUnder(parent: self) }
}

final class TestInteractionUnder: Container {
    let scope: InteractionScope<Ending>
    let log: EventLog

    init(parent: Ending) {
        log = parent.log
        scope = InteractionScope(parent: parent)
    }
}

@Suite("endAndWait: an awaitable end")
struct EndAndWaitTests {
    @Test(
        "children newest first, then tasks, then hooks newest first, async ones awaited, then release",
        .timeLimit(.minutes(1)))
    func order() async {
        let app = TestApp()
        let log = app.log
        let ending = Ending(parent: app)
        let older = ending.makeChild()
        older.onEnd { _ in log.record("older child hook") }
        let newer = ending.makeChild()
        newer.onEnd { _ in log.record("newer child hook") }
        ending.onEnd { _ in log.record("sync hook 1") }
        _ = ending.tracked()
        let taskStarted = AsyncGate()
        ending.task {
            taskStarted.open()
            await untilCancelled()
            log.record("task cancelled")
            await Task.yield()
            log.record("task done")
        }
        ending.onEnd { _ in
            log.record("async hook begins")
            for _ in 0..<5 { await Task.yield() }
            log.record("async hook done")
        }
        _ = ending.flushing()
        ending.onEnd { _ in log.record("sync hook 2") }
        await taskStarted.wait()

        let report = await ending.endAndWait()
        log.record("returned")

        #expect(
            log.all.drop { $0.hasPrefix("made") } == [
                "newer child hook", "older child hook",
                "task cancelled", "task done",
                "sync hook 2",
                "flush flushing begins", "flush flushing done",
                "async hook begins", "async hook done",
                "end tracked",
                "sync hook 1",
                "released tracked",
                "returned",
            ])
        #expect(
            report.ended.map(\.typeName) == [
                "TestInteractionUnder", "TestInteractionUnder", "Ending",
            ])
        #expect(report.watched.isEmpty && report.overran.isEmpty)
    }

    @Test(
        "an instance held by a container's task is not a survivor: the task is awaited first",
        .timeLimit(.minutes(1)))
    func taskHoldingAnInstance() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        let started = AsyncGate()
        let tracked = ending.tracked()
        ending.task { [tracked] in
            started.open()
            await untilCancelled()
            await Task.yield()
            withExtendedLifetime(tracked) {}
        }
        await started.wait()
        _ = consume tracked

        let report = await ending.endAndWait()

        #expect(report.watched.isEmpty)
    }

    @Test(
        "two callers at once both get the same report, after the work is done",
        .timeLimit(.minutes(1)))
    func concurrentCallers() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        let held = Locked<Tracked?>(nil)
        held.withLock { $0 = ending.tracked() }  // a survivor, to compare reports by
        let hookStarted = AsyncGate()
        let release = AsyncGate()
        let hookDone = Locked(false)
        ending.onEnd { _ in
            hookStarted.open()
            await release.wait()
            hookDone.withLock { $0 = true }
        }
        let first = Task { await ending.endAndWait(within: unreachedDeadline) }
        await hookStarted.wait()
        let second = Task { await ending.endAndWait(within: unreachedDeadline) }
        // The second caller is waiting on the same teardown; let the work finish.
        await Task.yield()
        release.open()
        let reports = (await first.value, await second.value)

        #expect(hookDone.withLock { $0 })
        #expect(reports.0.ended == reports.1.ended)
        #expect(reports.0.watched == reports.1.watched)
        #expect(reports.0.watched.count == 1)
    }

    @Test("resolution while the container is ending fails with .ended", .timeLimit(.minutes(1)))
    func resolutionDuringEnding() async throws {
        let app = TestApp()
        let ending = Ending(parent: app)
        let hookStarted = AsyncGate()
        let release = AsyncGate()
        ending.onEnd { _ in
            hookStarted.open()
            await release.wait()
        }
        let teardown = Task { await ending.endAndWait(within: unreachedDeadline) }
        await hookStarted.wait()

        #expect(!ending.isActive)
        #expect {
            try ending.tracked.resolve()
        } throws: { error in
            guard case StrataError.ended(let provider) = error else { return false }
            return provider.providerName == "tracked"
        }
        release.open()
        _ = await teardown.value
    }

    @Test("making a child under a container that is ending traps", .timeLimit(.minutes(1)))
    func childOfEnding() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = TestApp()
            let ending = Ending(parent: app)
            let hookStarted = AsyncGate()
            ending.onEnd { _ in
                hookStarted.open()
                await AsyncGate().wait()
            }
            Task { await ending.endAndWait() }
            await hookStarted.wait()
            _ = ending.makeChild()
        }
    }

    @Test("cancelling the caller does not stop the teardown halfway", .timeLimit(.minutes(1)))
    func callerCancelled() async {
        let app = TestApp()
        let log = app.log
        let ending = Ending(parent: app)
        ending.onEnd { _ in log.record("older hook") }
        _ = ending.tracked()
        let hookStarted = AsyncGate()
        let release = AsyncGate()
        ending.onEnd { _ in
            hookStarted.open()
            await release.wait()
            log.record("newer hook done")
        }
        let caller = Task { await ending.endAndWait(within: unreachedDeadline) }
        await hookStarted.wait()
        caller.cancel()
        release.open()
        let report = await caller.value

        #expect(
            log.all.suffix(4) == [
                "newer hook done", "end tracked", "older hook", "released tracked",
            ])
        #expect(report.ended.map(\.typeName) == ["Ending"])
        #expect(report.overran.isEmpty)
    }

    @Test(
        "an async hook that never returns is bounded by the deadline and reported with its place",
        .timeLimit(.minutes(1)))
    func hookOverruns() async {
        let app = TestApp()
        let log = app.log
        let ending = Ending(parent: app)
        ending.onEnd { _ in log.record("older hook") }
        let line: UInt = #line + 1
        ending.onEnd { _ in await untilCancelled() }

        let report = await ending.endAndWait(within: .milliseconds(20))

        #expect(report.overran.map(\.origin) == [.hook])
        #expect(report.overran.first?.site?.location == "StrataTests/EndAndWaitTests.swift:\(line)")
        #expect(log.all.contains("older hook"))
        #expect(!ending.isActive)
    }

    @Test(
        "a task that ignores cancellation past the deadline is reported with where it started",
        .timeLimit(.minutes(1)))
    func taskOverruns() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        let started = AsyncGate()
        let stubborn = AsyncGate()
        let line: UInt = #line + 1
        ending.task {
            started.open()
            await stubborn.wait()
        }
        await started.wait()

        let report = await ending.endAndWait(within: .milliseconds(20))
        stubborn.open()

        #expect(report.overran.map(\.origin) == [.task])
        #expect(report.overran.first?.site?.location == "StrataTests/EndAndWaitTests.swift:\(line)")
        #expect(
            report.description.contains("task started at StrataTests/EndAndWaitTests.swift:\(line)")
        )
    }

    @Test("a container that end() ended gives an empty report", .timeLimit(.minutes(1)))
    func afterSyncEnd() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        ending.end()

        let report = await ending.endAndWait()

        #expect(report.ended.isEmpty)
    }
}

@Suite("end() and the release meet async hooks")
struct SyncEndAsyncHookTests {
    @Test("end() in async code stays synchronous, and runs a closure without await in place")
    func syncEndInAsyncCode() async {
        let app = TestApp()
        let log = app.log
        let ending = Ending(parent: app)
        ending.onEnd { _ in log.record("sync hook") }

        let report = ending.end()  // no `await`: the sync end() is chosen in async code

        #expect(log.all == ["sync hook"])
        #expect(report.overran.isEmpty)
    }

    @Test(
        "end() starts async hooks in tasks of their own and lists them as still running",
        .timeLimit(.minutes(1)))
    func syncEndStartsAsyncHooks() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        let ran = AsyncGate()
        let line: UInt = #line + 1
        ending.onEnd { _ in
            await Task.yield()
            ran.open()
        }
        _ = ending.flushing()

        let report = ending.end()

        #expect(report.overran.count == 2)
        #expect(
            report.overran.first?.origin
                == .instance(
                    ProviderDescription(
                        container: ContainerDescription(typeName: "Ending", tier: "feature"),
                        name: "flushing")))
        #expect(report.overran.last?.origin == .hook)
        #expect(report.overran.last?.site?.location == "StrataTests/EndAndWaitTests.swift:\(line)")
        await ran.wait()  // it does run; the time limit fails the test if it never does
    }

    @Test(
        "endAndWait after end() awaits the hooks end() started, and lists only those still running",
        .timeLimit(.minutes(1)))
    func laterEndAndWaitAwaitsStartedHooks() async {
        let app = TestApp()
        let ending = Ending(parent: app)
        let release = AsyncGate()
        let finished = Locked(false)
        let line: UInt = #line + 1
        ending.onEnd { _ in
            await release.wait()
            finished.withLock { $0 = true }
        }

        #expect(ending.end().overran.map(\.origin) == [.hook])
        // The hook waits for the gate: past this call's deadline, it is still running.
        let early = await ending.endAndWait(within: .milliseconds(20))
        #expect(early.overran.first?.site?.location == "StrataTests/EndAndWaitTests.swift:\(line)")
        #expect(early.ended.map(\.typeName) == ["Ending"])

        release.open()
        let later = await ending.endAndWait(within: .seconds(30))
        #expect(finished.withLock { $0 })
        #expect(later.overran.isEmpty)
        #expect(later.ended.map(\.typeName) == ["Ending"])
    }

    @Test(
        "a container released without end() starts its async hooks and reports them",
        .timeLimit(.minutes(1)))
    func releaseStartsAsyncHooks() async {
        let app = TestApp()
        let ran = AsyncGate()
        do {
            let ending = Ending(parent: app)
            ending.onEnd { _ in
                await Task.yield()
                ran.open()
            }
        }
        await ran.wait()  // it does run; the time limit fails the test if it never does
    }
}
