import Dispatch
import Foundation
import Strata
import Testing

@Suite("Scoped overrides")
struct ScopedOverrideTests {
    @Test("withOverride restores the override there was when its body returns")
    func restoresPrevious() async {
        let app = TestApp()
        app.service.override { Service(id: 7) }
        let inside = await app.service.withOverride {
            Service(id: 8)
        } operation: {
            app.service().id
        }
        #expect(inside == 8)
        #expect(app.service().id == 7)
    }

    @Test("nested scoped overrides restore in order")
    func nestedRestoreInOrder() async {
        let app = TestApp()
        var seen: [Int] = []
        await app.service.withOverride {
            Service(id: -1)
        } operation: {
            seen.append(app.service().id)
            await app.service.withOverride {
                Service(id: -2)
            } operation: {
                seen.append(app.service().id)
            }
            seen.append(app.service().id)
        }
        seen.append(app.service().id)
        #expect(seen == [-1, -2, -1, 1])
    }

    @Test("withOverride restores when its body throws")
    func restoresOnThrow() async {
        struct Failure: Error {}
        let app = TestApp()
        await #expect(throws: Failure.self) {
            try await app.service.withOverride {
                Service(id: -1)
            } operation: {
                throw Failure()
            }
        }
        #expect(app.service().id == 1)
    }

    @Test("an override made inside the body stays after it returns")
    func overrideInsideStays() async {
        let app = TestApp()
        await app.service.withOverride {
            Service(id: -1)
        } operation: {
            app.service.override { Service(id: 5) }
            #expect(app.service().id == 5)
        }
        #expect(app.service().id == 5)
    }

    @Test("cancelling an override inside the body leaves the scoped layer, then the declaration")
    func cancelOverrideInside() async {
        let app = TestApp()
        let seven = app.service.override { Service(id: 7) }
        await app.service.withOverride {
            Service(id: -1)
        } operation: {
            seven.cancel()
            #expect(app.service().id == -1)
        }
        #expect(app.service().id == 1)
        #expect(!seven.isInEffect)
    }

    @Test(
        "two concurrent scoped layers each remove only their own", .timeLimit(.minutes(1)))
    func concurrentLayers() async {
        let app = TestApp()
        let (firstIn, enteredFirst) = AsyncStream<Void>.makeStream()
        let (firstGo, releaseFirst) = AsyncStream<Void>.makeStream()
        let (secondIn, enteredSecond) = AsyncStream<Void>.makeStream()
        let (secondGo, releaseSecond) = AsyncStream<Void>.makeStream()
        let first = Task {
            await app.service.withOverride {
                Service(id: -1)
            } operation: {
                enteredFirst.yield()
                for await _ in firstGo { break }
            }
        }
        for await _ in firstIn { break }
        let second = Task {
            await app.service.withOverride {
                Service(id: -2)
            } operation: {
                enteredSecond.yield()
                for await _ in secondGo { break }
            }
        }
        for await _ in secondIn { break }
        #expect(app.service().id == -2)
        // The first layer ends while the second is on top: only the first goes.
        releaseFirst.yield()
        await first.value
        #expect(app.service().id == -2)
        // The second ends: nothing of the first comes back.
        releaseSecond.yield()
        await second.value
        #expect(app.service().id == 1)
    }

    @Test("the async form runs an async body and restores after it")
    func asyncBody() async throws {
        final class Remote: Container {
            let scope = AppScope()
            var catalog: AsyncProvider<Service> { shared { Service(id: 1) } }
        }
        let remote = Remote()
        let inside = try await remote.catalog.withOverride {
            Service(id: 2)
        } operation: {
            try await remote.catalog.resolve().id
        }
        #expect(inside == 2)
        #expect(try await remote.catalog.resolve().id == 1)
    }

    @Test("a main-actor provider takes a scoped override")
    @MainActor
    func mainActorScoped() async {
        let app = MainActorApp()
        let name = await app.profile.withOverride {
            ProfileViewModel(name: "Grace")
        } operation: {
            app.profile().name
        }
        #expect(name == "Grace")
        #expect(app.profile().name == "Ada")
    }

    @Test("a main-actor provider takes a scoped override around an async body")
    @MainActor
    func mainActorScopedAsync() async {
        let app = MainActorApp()
        let name = await app.profile.withOverride {
            ProfileViewModel(name: "Grace")
        } operation: {
            await Task.yield()
            return app.profile().name
        }
        #expect(name == "Grace")
        #expect(app.profile().name == "Ada")
    }
}
