import Dispatch
import Foundation
import Strata
import Testing

/// A container whose `shared` factories stop until the test lets them go on.
final class GatedApp: Container {
    let scope = AppScope()
    /// Each sync construction arrives here once it has started.
    let entered = Arrivals()
    let gate = DispatchSemaphore(value: 0)
    let asyncEntered = AsyncGate()
    let asyncGate = AsyncGate()

    var service: Provider<Service> {
        shared {
            self.entered.arrive()
            _ = self.gate.wait(timeout: .now() + .seconds(10))
            return Service(id: 1)
        }
    }

    var catalog: AsyncProvider<Service> {
        shared {
            self.asyncEntered.open()
            await self.asyncGate.wait()
            return Service(id: 1)
        }
    }
}

@Suite("An override installed while the instance is being built")
struct OverrideDuringBuildTests {
    @Test(
        "what the old factory built is not stored: the next resolution builds from the override",
        .timeLimit(.minutes(1)))
    func syncBuildIsNotStored() throws {
        let app = GatedApp()
        let first = Locked<Int?>(nil)
        let finished = Arrivals()
        Thread.detachNewThread {
            first.withLock { $0 = app.service().id }
            finished.arrive()
        }
        try #require(app.entered.wait(for: 1))
        app.service.override { Service(id: 2) }
        app.gate.signal()
        try #require(finished.wait(for: 1))
        // The caller that began before the override may get what it started building.
        #expect(first.withLock { $0 } == 1)
        #expect(app.service().id == 2)
    }

    @Test(
        "a thread waiting for that build gets the override's instance",
        .timeLimit(.minutes(1)))
    func waiterBuildsFromOverride() throws {
        let app = GatedApp()
        let ids = Locked<[Int]>([])
        let builderDone = Arrivals()
        let waiterDone = Arrivals()
        Thread.detachNewThread {
            _ = app.service()
            builderDone.arrive()
        }
        try #require(app.entered.wait(for: 1))
        // The builder holds the claim, so this thread waits for it, or — if it comes after
        // the override — builds from the override.
        Thread.detachNewThread {
            let id = app.service().id
            ids.withLock { $0.append(id) }
            waiterDone.arrive()
        }
        app.service.override { Service(id: 2) }
        app.gate.signal()
        try #require(builderDone.wait(for: 1))
        try #require(waiterDone.wait(for: 1))
        #expect(ids.withLock { $0 } == [2])
    }

    @Test(
        "what an async factory built is not stored after an override came meanwhile",
        .timeLimit(.minutes(1)))
    func asyncBuildIsNotStored() async throws {
        let app = GatedApp()
        let first = Task { try await app.catalog.resolve().id }
        await app.asyncEntered.wait()
        app.catalog.override { Service(id: 2) }
        app.asyncGate.open()
        #expect(try await first.value == 1)
        #expect(try await app.catalog.resolve().id == 2)
    }
}
