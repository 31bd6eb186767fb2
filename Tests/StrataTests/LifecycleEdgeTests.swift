import Strata
import Synchronization
import Testing

/// An instance that records whether its container's end reached it.
final class EndNoted: ScopeBound {
    let ended = Atomic<Bool>(false)
    func scopeDidEnd() { ended.store(true, ordering: .relaxed) }
}

/// A factory that does not stop when its container's end cancels it: it returns once told.
final class SlowFactory: Container {
    let scope: FeatureScope<TestApp>
    let release = AsyncGate()
    let started = AsyncGate()
    /// What the factory made, kept to look at after the end.
    let made = Mutex<EndNoted?>(nil)

    init(parent: TestApp) { scope = FeatureScope(parent: parent) }

    var noted: AsyncProvider<EndNoted> {
        shared {
            self.started.open()
            await self.release.wait()
            let noted = EndNoted()
            self.made.withLock { $0 = noted }
            return noted
        }
    }
}

@Suite("Lifecycle edges: self-waits, late factories and documented orders")
struct LifecycleEdgeTests {
    @Test(
        "endAndWait from the container's own task returns at once, and the container ends",
        .timeLimit(.minutes(1)))
    func endAndWaitFromOwnTask() async {
        let app = TestApp()
        let feature = TestFeature(parent: app)
        let clock = ContinuousClock()
        let started = clock.now
        // A self-wait would last the whole deadline: far past the test's time limit.
        await feature.task {
            _ = await feature.endAndWait(within: .seconds(600))
        }.value
        let waited = clock.now - started
        #expect(waited < .seconds(30))
        #expect(!feature.isActive)
    }

    @Test(
        "endAndWait from the container's own async hook returns at once with an empty report",
        .timeLimit(.minutes(1)))
    func endAndWaitFromOwnHook() async {
        let app = TestApp()
        let feature = TestFeature(parent: app)
        let inner = Mutex<EndReport?>(nil)
        feature.onEnd { _ in
            let report = await feature.endAndWait(within: .seconds(600))
            inner.withLock { $0 = report }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let report = await feature.endAndWait(within: .seconds(600))
        #expect(clock.now - started < .seconds(30))
        #expect(report.overran.isEmpty)
        #expect(report.ended.map(\.typeName) == ["TestFeature"])
        #expect(inner.withLock { $0?.ended.isEmpty } == true)
    }

    @Test(
        "an async factory that returns after end() has its ScopeBound instance told",
        .timeLimit(.minutes(1)))
    func lateAsyncFactory() async throws {
        let app = TestApp()
        let feature = SlowFactory(parent: app)
        let made = Task { try? await feature.noted.resolve() }
        await feature.started.wait()
        feature.end()
        feature.release.open()
        #expect(await made.value == nil)
        let noted = try #require(feature.made.withLock { $0 })
        let wasTold = noted.ended.load(ordering: .relaxed)
        #expect(wasTold)
    }

    @Test(
        "a second endAndWait after the teardown returns the same report",
        .timeLimit(.minutes(1)))
    func secondEndAndWait() async {
        let app = TestApp()
        let feature = TestFeature(parent: app)
        let first = await feature.endAndWait()
        let second = await feature.endAndWait()
        #expect(first.ended.map(\.typeName) == ["TestFeature"])
        #expect(second.ended.map(\.typeName) == ["TestFeature"])
    }

    @Test(
        "end() called during endAndWait returns at once with an empty report",
        .timeLimit(.minutes(1)))
    func endDuringEndAndWait() async {
        let app = TestApp()
        let feature = TestFeature(parent: app)
        let hookRuns = AsyncGate()
        let release = AsyncGate()
        feature.onEnd { _ in
            hookRuns.open()
            await release.wait()
        }
        let teardown = Task { await feature.endAndWait(within: unreachedDeadline) }
        await hookRuns.wait()
        let report = feature.end()
        #expect(report.ended.isEmpty)
        release.open()
        #expect(await teardown.value.ended.map(\.typeName) == ["TestFeature"])
    }
}
