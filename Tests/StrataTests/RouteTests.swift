import Strata
import Synchronization
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
        app.handle(Greeting.self) { "hello, \($1.name)" }
        let interaction = app.makeSession().makeFeature().makeInteraction()
        #expect(try interaction.perform(Greeting(name: "Ada")) == "hello, Ada")
    }

    @Test("the handler nearest the caller wins")
    func nearestHandlerWins() throws {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        app.handle(Greeting.self) { _, _ in "app" }
        session.handle(Greeting.self) { _, _ in "session" }
        #expect(try feature.perform(Greeting(name: "")) == "session")
        #expect(try app.perform(Greeting(name: "")) == "app")
    }

    @Test("a handler registered in an ended container is gone")
    func handlerGoneAfterEnd() throws {
        let app = TestApp()
        app.handle(Greeting.self) { _, _ in "app" }
        let session = app.makeSession()
        session.handle(Greeting.self) { _, _ in "session" }
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

    @Test("try! perform traps with the text perform throws when nobody answers")
    func missingRouteTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            _ = try! TestApp().makeFeature().perform(Unhandled())
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            text.contains(
                "no handler for route Unhandled. Where: searched TestFeature (feature tier) → TestApp (app tier)."
            ))
    }

    @Test(
        "a route performed from many threads runs their handlers at the same time",
        .timeLimit(.minutes(1)))
    func concurrentRoutes() {
        let app = TestApp()
        let callers = 16
        // Each handler returns only once every caller is inside one: the route's container
        // must not hold a lock while a handler runs, nor run the handlers one at a time.
        let everyoneInside = Barrier(parties: callers)
        let alone = Counter()
        let calls = Counter()
        app.handle(Greeting.self) { _, route in
            if !everyoneInside.arriveAndWait() { alone.next() }
            calls.next()
            return route.name
        }
        let feature = app.makeSession().makeFeature()
        let names = Locked<[String]>([])
        let finished = onThreads(callers) { index in
            let name = try? feature.perform(Greeting(name: "\(index)"))
            names.withLock { $0.append(name ?? "none") }
        }
        #expect(finished, "the callers did not all return")
        #expect(alone.value == 0, "some handlers waited in vain for the other callers")
        #expect(Set(names.withLock { $0 }) == Set((0..<callers).map { "\($0)" }))
        #expect(calls.value == callers)
    }

    @Test(
        "a handler registered while others perform the route answers every later perform",
        .timeLimit(.minutes(1)))
    func concurrentRegistration() {
        let app = TestApp()
        let session = app.makeSession()
        app.handle(Greeting.self) { _, _ in "app" }
        let performers = 8
        let performedOnce = Arrivals()
        let registered = Atomic<Bool>(false)
        let registrarSawEveryone = Atomic<Bool>(false)
        let answers = Locked<[[String]]>(Array(repeating: [], count: performers))
        let finished = onThreads(performers + 1) { index in
            guard index < performers else {
                // Registers only while every performer is looping.
                registrarSawEveryone.store(
                    performedOnce.wait(for: performers), ordering: .sequentiallyConsistent)
                for _ in 0..<100 { session.handle(Greeting.self) { _, _ in "session" } }
                registered.store(true, ordering: .sequentiallyConsistent)
                return
            }
            var mine: [String] = []
            while true {
                // The last perform starts after the registrations are over.
                let isLast = registered.load(ordering: .sequentiallyConsistent)
                mine.append((try? session.perform(Greeting(name: ""))) ?? "none")
                if mine.count == 1 { performedOnce.arrive() }
                if isLast { break }
            }
            answers.withLock { [mine] in $0[index] = mine }
        }
        #expect(finished, "the threads did not all return")
        let registeredWhilePerforming = registrarSawEveryone.load(ordering: .sequentiallyConsistent)
        #expect(registeredWhilePerforming)
        for mine in answers.withLock({ $0 }) {
            #expect(mine.allSatisfy { $0 == "app" || $0 == "session" }, "\(Set(mine))")
            #expect(mine.first == "app", "performed before any registration")
            #expect(mine.last == "session", "performed after the registrations")
        }
    }
}

/// Calls back into a container when released, as what a handler, a factory, a tracer or a
/// hook captured may do.
final class CallsBack: Sendable {
    private let back: @Sendable () -> Void
    init(_ back: @escaping @Sendable () -> Void) { self.back = back }
    deinit { back() }
}

/// Each way Strata lets go of a closure it held, set up so that the closure's capture calls
/// into the container that held it when it is released.
enum ReleasedClosure: String, CaseIterable, Codable, Sendable {
    case replacedRouteHandler, routeHandlerAtEnd, replacedOverride, overrideAtEnd
    case cancelledTracer, hookAtEnd

    /// Hands a container such a closure, then makes Strata release it; in the child process
    /// of an exit test, exits 87 when the closure was not released and 88 when an end hook did
    /// not run, since the test would then not have exercised the release.
    func run() {
        let released = Counter()
        let ran = Counter()
        /// A capture that performs a route on `container`, which takes its lock.
        func capture(calling container: some Container) -> CallsBack {
            CallsBack {
                _ = try? container.perform(Greeting(name: "from a release"))
                released.next()
            }
        }
        switch self {
        case .replacedRouteHandler:
            let app = TestApp()
            do {
                let capture = capture(calling: app)
                app.handle(Greeting.self) { _, _ in "\(capture)" }
            }
            app.handle(Greeting.self) { _, _ in "second" }
        case .routeHandlerAtEnd:
            let session = TestApp().makeSession()
            do {
                let capture = capture(calling: session)
                session.handle(Greeting.self) { _, _ in "\(capture)" }
            }
            session.end()
        case .replacedOverride:
            let app = TestApp()
            do {
                let capture = capture(calling: app)
                app.service.override {
                    _ = capture
                    return Service()
                }
            }
            app.service.override { Service() }
        case .overrideAtEnd:
            let session = TestApp().makeSession()
            do {
                let capture = capture(calling: session)
                session.user.override {
                    _ = capture
                    return Tracked("override", log: EventLog())
                }
            }
            session.end()
        case .cancelledTracer:
            let app = TestApp()
            do {
                let capture = capture(calling: app)
                app.onTrace { _ in _ = capture }.cancel()
            }
            app.onTrace { _ in }
        case .hookAtEnd:
            let session = TestApp().makeSession()
            do {
                let capture = capture(calling: session)
                session.onEnd { _ in
                    _ = capture
                    ran.next()
                }
            }
            session.end()
            exitUnless(ran.value == 1, status: 88, "end() did not run the hook")
        }
        exitUnless(released.value == 1, status: 87, "\(self): the closure was not released")
    }
}

/// Makes Strata release a closure whose capture calls into the container that held it.
///
/// The call takes that container's lock. Released while the lock is still held, the thread
/// waits for itself, and the child process the test runs in does not exit successfully:
/// - a signal: the lock trapped when its owner locked it again (`Mutex` does, on Linux);
/// - exit code 86 (``stuckStatus``): the body did not finish within ten seconds, a deadlock;
/// - exit code 87 or 88: see ``ReleasedClosure/run()``.
///
/// Each body runs in a child process, so a stuck thread cannot stall the run, and in there
/// on a thread of its own with a ten-second limit (``exitIfStuck(_:_:)``).
@Suite("Replaced closures are released outside the lock")
struct ReleaseOutsideLockTests {
    @Test(
        "a closure whose capture calls into its container is released outside the lock",
        .timeLimit(.minutes(1)), arguments: ReleasedClosure.allCases)
    func releasedOutsideTheLock(_ closure: ReleasedClosure) async {
        await #expect(processExitsWith: .success) { [closure] in
            exitIfStuck("releasing the closure: \(closure)") { closure.run() }
        }
    }
}
