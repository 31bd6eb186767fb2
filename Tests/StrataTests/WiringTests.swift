import Strata
import Testing

/// A main-actor route: its handler touches main-actor state.
struct CountTap: MainActorRoute {
    typealias Output = Int
}

/// An async route: its handler is awaited.
struct SignOutRequest: AsyncRoute {
    typealias Output = String
}

/// A main-actor contribution key.
enum MainActorTitles: MainActorContributionKey {
    typealias Element = String
}

/// An async contribution key.
enum AwaitedNames: AsyncContributionKey {
    typealias Element = String
}

/// Main-actor state a main-actor handler changes.
@MainActor
final class Taps {
    var count = 0
}

@Suite("Closures a container keeps receive the container")
struct WiringTests {
    @Test("a route handler receives the container it was installed on, asked from below")
    func handlerReceivesItsContainer() throws {
        let app = TestApp()
        let session = app.makeSession()
        session.handle(Greeting.self) { session, route in
            "\(route.name) from \(ObjectIdentifier(session) == ObjectIdentifier(app) ? "app" : "session")"
        }
        let feature = session.makeFeature()
        #expect(try feature.perform(Greeting(name: "Ada")) == "Ada from session")
        #expect(try session.perform(Greeting(name: "Bo")) == "Bo from session")
    }

    @Test("a contribution's factory receives the container it was given to")
    func contributionReceivesItsContainer() throws {
        let app = TestApp()
        let session = app.makeSession()
        session.contribute(Names.self) { session in try session.user.resolve().name }
        #expect(try session.makeFeature().gather(Names.self) == ["session.user"])
    }

    @Test("a hook receives the container when end() ends it", .timeLimit(.minutes(1)))
    func hookReceivesTheContainerAtEnd() async {
        let app = TestApp()
        let session = app.makeSession()
        let seen = Locked<[String]>([])
        session.onEnd { session in
            seen.withLock { $0.append(session.map { "\($0.isActive)" } ?? "nil") }
        }
        session.onEnd { session in
            seen.withLock { $0.append(session.map { _ in "async" } ?? "nil") }
        }
        session.end()
        // An async hook ran by end() starts in a task of its own: endAndWait awaits it.
        await session.endAndWait()
        #expect(seen.withLock { $0 }.contains("false"))
        let ended = app.makeFeature()
        ended.end()
        // Added after the end, a hook runs at once, with the container.
        ended.onEnd { feature in seen.withLock { $0.append(feature == nil ? "nil" : "late") } }
        #expect(seen.withLock { $0 }.last == "late")
    }

    @Test(
        "a container whose handler, contribution and hooks use it deinitialises when released without end()",
        .timeLimit(.minutes(1)))
    func wiringKeepsNothing() async {
        let app = TestApp()
        let hooked = Locked<[String]>([])
        weak var released: TestSession?
        do {
            let session = app.makeSession()
            released = session
            session.handle(Greeting.self) { session, _ in "\(session.user().name)" }
            session.contribute(Names.self) { session in session.user().name }
            session.onEnd { session in hooked.withLock { $0.append("sync \(session == nil)") } }
            _ = session.user()
        }
        #expect(released == nil)
        #expect(hooked.withLock { $0 } == ["sync true"])
        #expect(throws: StrataError.self) { try app.perform(Greeting(name: "")) }
    }

    @Test(
        "a hook that stores what it gets cannot bring a deinitialising container back",
        .timeLimit(.minutes(1)))
    func hookCannotResurrect() async {
        let app = TestApp()
        let kept = Locked<[TestSession?]>([])
        let asyncRan = AsyncGate()
        weak var released: TestSession?
        do {
            let session = app.makeSession()
            released = session
            session.onEnd { session in kept.withLock { $0.append(session) } }
            session.onEnd { session in
                kept.withLock { $0.append(session) }
                asyncRan.open()
            }
        }
        await asyncRan.wait()
        #expect(released == nil)
        #expect(kept.withLock { $0.count } == 2)
        #expect(kept.withLock { $0.allSatisfy { $0 == nil } })
    }

    @Test(
        "a container let go of while its child lives is kept by the child: its handler and contributions still answer"
    )
    func releasedContainerIsKeptByItsChild() throws {
        let app = TestApp()
        app.handle(Greeting.self) { _, _ in "app" }
        app.contribute(Names.self) { _ in "app" }
        var session: TestSession? = app.makeSession()
        session?.handle(Greeting.self) { _, _ in "session" }
        session?.contribute(Names.self) { _ in "session" }
        let feature = try #require(session?.makeFeature())
        #expect(try feature.perform(Greeting(name: "")) == "session")
        #expect(try feature.gather(Names.self) == ["app", "session"])
        session = nil
        #expect(try feature.perform(Greeting(name: "")) == "session")
        #expect(try feature.gather(Names.self) == ["app", "session"])
    }

    @Test("a main-actor route runs its handler on the main actor, performed there or awaited")
    @MainActor
    func mainActorRoute() async throws {
        let app = TestApp()
        let taps = Taps()
        app.handle(CountTap.self) { _, _ in
            taps.count += 1
            return taps.count
        }
        let feature = app.makeFeature()
        let awaited = try await Task.detached { try await feature.perform(CountTap()) }.value
        #expect(awaited == 1)
        #expect(performedSynchronously(feature) == 2)
    }

    @MainActor
    private func performedSynchronously(_ feature: TestFeature) -> Int? {
        try? feature.perform(CountTap())
    }

    @Test("an async route's handler is awaited with the container it was installed on")
    func asyncRoute() async throws {
        let app = TestApp()
        let session = app.makeSession()
        session.handle(SignOutRequest.self) { session, _ in
            await Task.yield()
            return session.end().ended.map(\.typeName).joined()
        }
        let feature = session.makeFeature()
        #expect(try await feature.perform(SignOutRequest()) == "TestFeatureTestSession")
        await #expect(throws: StrataError.self) { try await app.perform(SignOutRequest()) }
    }

    @Test("main-actor contributions are gathered from any isolation with await")
    @MainActor
    func mainActorGatherAwaited() async throws {
        let app = TestApp()
        let taps = Taps()
        app.contribute(MainActorTitles.self) { _ in
            taps.count += 1
            return "app"
        }
        let session = app.makeSession()
        session.contribute(MainActorTitles.self) { _ in "session" }
        let titles = try await Task.detached { try await session.gather(MainActorTitles.self) }
            .value
        #expect(titles == ["app", "session"])
        #expect(taps.count == 1)
    }

    @Test("async contributions are awaited in order, and an ended container's left out")
    func asyncContributions() async throws {
        let app = TestApp()
        app.contribute(AwaitedNames.self) { app in
            await Task.yield()
            return "\(app.isActive)"
        }
        let session = app.makeSession()
        session.contribute(AwaitedNames.self) { session in try session.user.resolve().name }
        let feature = session.makeFeature()
        #expect(try await feature.gather(AwaitedNames.self) == ["true", "session.user"])
        session.end()
        #expect(try await feature.gather(AwaitedNames.self) == ["true"])
    }
}
