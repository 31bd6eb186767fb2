import Dispatch
import Strata
import Testing

struct Greeting: Route {
    typealias Output = String
    let name: String
}

struct Unhandled: Route {
    typealias Output = Int
}

@Suite("Typed routes")
struct RouteTests {
    @Test("a route registered in the app is found from a deep child")
    func foundFromDeepChild() throws {
        let app = TestApp()
        app.handle(Greeting.self) { "hello, \($0.name)" }
        let interaction = app.makeSession().makeFeature().makeInteraction()
        #expect(try interaction.perform(Greeting(name: "Ada")) == "hello, Ada")
    }

    @Test("the handler nearest the caller wins")
    func nearestHandlerWins() throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        app.handle(Greeting.self) { _ in "app" }
        session.handle(Greeting.self) { _ in "session" }
        #expect(try feature.perform(Greeting(name: "")) == "session")
        #expect(try app.perform(Greeting(name: "")) == "app")
    }

    @Test("a handler registered in an ended container is gone")
    func handlerGoneAfterEnd() throws {
        let app = TestApp()
        app.handle(Greeting.self) { _ in "app" }
        let session = app.makeSession()
        session.handle(Greeting.self) { _ in "session" }
        let feature = app.makeFeature()
        #expect(try session.perform(Greeting(name: "")) == "session")
        session.end()
        #expect(try feature.perform(Greeting(name: "")) == "app")
        // Asked from the ended session itself, the search passes it and reaches the app.
        #expect(try session.perform(Greeting(name: "")) == "app")
    }

    @Test("a missing route throws an error naming the route and every container searched")
    func missingRouteError() {
        let interaction = TestApp().makeSession().makeFeature().makeInteraction()
        let error = #expect(throws: StrataError.self) { try interaction.perform(Unhandled()) }
        guard case .routeNotFound(let route, let searched)? = error else {
            Issue.record("expected .routeNotFound, got \(String(describing: error))")
            return
        }
        #expect(route == "Unhandled")
        #expect(
            searched.map(\.typeName) == [
                "TestInteraction", "TestFeature", "TestSession", "TestApp",
            ])
        #expect(
            error?.description.contains(
                """
                no handler for route Unhandled. Where: searched TestInteraction (interaction tier) \
                → TestFeature (feature tier) → TestSession (session tier) → TestApp (app tier).
                """) == true)
        #expect(
            error?.description.contains("To fix: register one with handle(Unhandled.self)") == true)
    }

    @Test("performOrTrap traps with the same text when nobody answers")
    func missingRouteTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            _ = TestApp().makeFeature().performOrTrap(Unhandled())
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            text.contains(
                "no handler for route Unhandled. Where: searched TestFeature (feature tier) → TestApp (app tier)."
            ))
    }

    @Test("a route performed concurrently from many tasks reaches its handler every time")
    func concurrentRoutes() async throws {
        let app = TestApp()
        let calls = Counter()
        app.handle(Greeting.self) { route in
            calls.next()
            return route.name
        }
        let feature = app.makeSession().makeFeature()
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<500 {
                group.addTask { try feature.perform(Greeting(name: "\(index)")) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(names.count == 500)
        #expect(calls.value == 500)
    }

    @Test("routes registered while others are performed concurrently never crash")
    func concurrentRegistration() async {
        let app = TestApp()
        let session = app.makeSession()
        app.handle(Greeting.self) { _ in "app" }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 10) {
                        session.handle(Greeting.self) { _ in "session" }
                    } else {
                        let answer = try? session.perform(Greeting(name: ""))
                        #expect(answer == "app" || answer == "session")
                    }
                }
            }
        }
    }
}

/// Calls back into its container when released, as a handler's or a factory's capture may.
final class CallsBack: Sendable {
    let app: TestApp
    init(app: TestApp) { self.app = app }
    deinit { _ = try? app.perform(Greeting(name: "from deinit")) }
}

@Suite("Replaced closures are released outside the lock")
struct ReleaseOutsideLockTests {
    /// Runs `body` on another thread and reports whether it finished within five seconds.
    ///
    /// On a deadlock `containers` are leaked on purpose: releasing them would block this
    /// thread on the lock the stuck one holds, and the run would hang instead of failing.
    private func finishes(
        keeping containers: [AnyObject], _ body: @escaping @Sendable () -> Void
    ) -> Bool {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            done.signal()
        }
        let finished = done.wait(timeout: .now() + .seconds(5)) == .success
        if !finished { for container in containers { _ = Unmanaged.passRetained(container) } }
        return finished
    }

    @Test("replacing a route handler whose capture calls back in does not deadlock")
    func replacedHandler() {
        let app = TestApp()
        do {
            let capture = CallsBack(app: app)
            app.handle(Greeting.self) { _ in "\(capture)" }
        }
        #expect(finishes(keeping: [app]) { app.handle(Greeting.self) { _ in "second" } })
    }

    @Test("ending a container whose route handler calls back in does not deadlock")
    func endWithHandler() {
        let app = TestApp()
        let session = app.makeSession()
        do {
            let capture = CallsBack(app: app)
            session.handle(Greeting.self) { _ in "\(capture)" }
        }
        #expect(finishes(keeping: [app, session]) { session.end() })
    }

    @Test("replacing an override whose capture calls back in does not deadlock")
    func replacedOverride() {
        let app = TestApp()
        do {
            let capture = CallsBack(app: app)
            app.service.override {
                _ = capture
                return Service()
            }
        }
        #expect(finishes(keeping: [app]) { app.service.override { Service() } })
    }
}
