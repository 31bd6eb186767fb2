import Dispatch
import Foundation
import Strata
import Testing

@Suite("Scoped overrides")
struct ScopedOverrideTests {
    @Test("withOverride restores the override there was when its body returns")
    func restoresPrevious() {
        let app = TestApp()
        app.service.override { Service(id: 7) }
        let inside = app.service.withOverride {
            Service(id: 8)
        } operation: {
            app.service().id
        }
        #expect(inside == 8)
        #expect(app.service().id == 7)
    }

    @Test("nested scoped overrides restore in order")
    func nestedRestoreInOrder() {
        let app = TestApp()
        var seen: [Int] = []
        app.service.withOverride {
            Service(id: -1)
        } operation: {
            seen.append(app.service().id)
            app.service.withOverride {
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
    func restoresOnThrow() {
        struct Failure: Error {}
        let app = TestApp()
        #expect(throws: Failure.self) {
            try app.service.withOverride {
                Service(id: -1)
            } operation: {
                throw Failure()
            }
        }
        #expect(app.service().id == 1)
    }

    @Test("an override made inside the body stays after it returns")
    func overrideInsideStays() {
        let app = TestApp()
        app.service.withOverride {
            Service(id: -1)
        } operation: {
            app.service.override { Service(id: 5) }
            #expect(app.service().id == 5)
        }
        #expect(app.service().id == 5)
    }

    @Test("removeOverride() inside the body goes back to the declaration, for good")
    func removeOverrideInside() {
        let app = TestApp()
        app.service.override { Service(id: 7) }
        app.service.withOverride {
            Service(id: -1)
        } operation: {
            app.service.removeOverride()
            #expect(app.service().id == 1)
        }
        #expect(app.service().id == 1)
    }

    @Test(
        "two concurrent scoped layers each remove only their own", .timeLimit(.minutes(1)))
    func concurrentLayers() throws {
        let app = TestApp()
        let firstIn = DispatchSemaphore(value: 0)
        let firstGo = DispatchSemaphore(value: 0)
        let secondIn = DispatchSemaphore(value: 0)
        let secondGo = DispatchSemaphore(value: 0)
        let done = Arrivals()
        Thread.detachNewThread {
            app.service.withOverride {
                Service(id: -1)
            } operation: {
                firstIn.signal()
                _ = firstGo.wait(timeout: .now() + .seconds(10))
            }
            done.arrive()
        }
        try #require(firstIn.wait(timeout: .now() + .seconds(10)) == .success)
        Thread.detachNewThread {
            app.service.withOverride {
                Service(id: -2)
            } operation: {
                secondIn.signal()
                _ = secondGo.wait(timeout: .now() + .seconds(10))
            }
            done.arrive()
        }
        try #require(secondIn.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(app.service().id == -2)
        // The first layer ends while the second is on top: only the first goes.
        firstGo.signal()
        try #require(done.wait(for: 1))
        #expect(app.service().id == -2)
        // The second ends: nothing of the first comes back.
        secondGo.signal()
        try #require(done.wait(for: 1))
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

    @Test("in async code the sync form needs no await, and the async form takes an async body")
    func bothFormsInAsyncCode() async {
        let app = TestApp()
        let fromSync: Int = app.service.withOverride {
            Service(id: -1)
        } operation: {
            app.service().id
        }
        let fromAsync: Int = await app.service.withOverride {
            Service(id: -2)
        } operation: {
            await Task { app.service().id }.value
        }
        #expect(fromSync == -1)
        #expect(fromAsync == -2)
        #expect(app.service().id == 1)
    }

    @Test("a main-actor provider takes a scoped override")
    @MainActor
    func mainActorScoped() {
        let app = MainActorApp()
        let name = app.profile.withOverride {
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
