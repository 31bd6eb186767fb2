import Foundation
import Strata
import Synchronization
import TestPauses
import Testing

// `withRequest` against its parent's end: a body that ends the request or the parent
// itself, a nested request while the app ends, a parent whose awaited end passes its
// deadline, and the parent's end racing the hold.
@Suite("Requests against their parent's end")
struct RequestUnderParentEndTests {
    final class Server: Container {
        let scope = AppScope()
        let log = EventLog()
        var config: Provider<Service> { shared { Service(id: 7) } }
    }

    final class Session: Container {
        let scope: SessionScope<Server>
        init(parent: Server) { scope = SessionScope(parent: parent) }
    }

    final class Request: Container {
        let scope: RequestScope<Server>
        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }
        var config: Provider<Service> { shared { Service(id: self.parent.config().id) } }
    }

    final class UserRequest: Container {
        let scope: RequestScope<Session>
        init(parent: Session) throws(StrataError) { scope = try RequestScope(checking: parent) }
        var config: Provider<Service> { shared { Service(id: self.parent.config().id) } }
    }

    // A shutdown endpoint: the request's body ends its own server and awaits that end. The
    // server's end waits for the body (the request is held), and the body waits for the
    // server's end: nothing moves until the deadline, which here is 3 s. Work of a
    // container's end that awaits that end returns at once; a body the end waits for does
    // not.
    @Test(
        "a request body that awaits its server's endAndWait is not kept waiting for its own return",
        .timeLimit(.minutes(1)))
    func bodyAwaitsItsParentsEnd() async throws {
        let server = Server()
        server.onEnd { _ in server.log.record("server hook") }
        let clock = ContinuousClock()
        let waited = try await server.withRequest(Request.init) { _ in
            let start = clock.now
            _ = await server.endAndWait(within: .seconds(3))
            return clock.now - start
        }
        #expect(
            waited < .seconds(1),
            "the body's endAndWait waited \(waited): the server's end waited for the body that waited for it"
        )
        // The end goes on once the body has returned; the parallel run can hold every task
        // up for seconds, so it is given longer than the default ten.
        let report = await server.endAndWait(within: .seconds(40))
        #expect(report.stillEnding.isEmpty)
        #expect(server.log.all == ["server hook"])
    }

    // The same from a request under a session: the body awaits the session's end.
    @Test(
        "a request body that awaits its session's endAndWait is not kept waiting for its own return",
        .timeLimit(.minutes(1)))
    func bodyAwaitsItsSessionsEnd() async throws {
        let server = Server()
        let session = Session(parent: server)
        let clock = ContinuousClock()
        let waited = try await session.withRequest(UserRequest.init) { _ in
            let start = clock.now
            _ = await session.endAndWait(within: .seconds(3))
            return clock.now - start
        }
        #expect(waited < .seconds(1), "the body's endAndWait waited \(waited)")
        #expect(!session.isActive)
    }

    // The parent's `end()` comes while the body runs; the body then ends the request itself
    // and returns. Each hook runs once, and the parent's end completes.
    @Test("a body that ends its request after the parent's end() began", .timeLimit(.minutes(1)))
    func bodyEndsItsRequestDuringParentsEnd() async throws {
        let server = Server()
        server.onEnd { _ in server.log.record("server hook") }
        let entered = AsyncGate()
        let proceed = AsyncGate()
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                request.onEnd { _ in server.log.record("request hook") }
                request.onEnd { _ in
                    await Task.yield()
                    server.log.record("request async hook")
                }
                entered.open()
                await proceed.wait()
                #expect(request.isActive, "the request was ended under its body")
                _ = request.config()
                request.end()
                return Task.isCancelled
            }
        }
        await entered.wait()
        let first = server.end()
        #expect(first.stillEnding.map(\.description) == ["Server (app tier)"])
        proceed.open()
        #expect(try await handling.value, "the body's task was not cancelled")
        let report = await server.endAndWait()
        #expect(report.stillEnding.isEmpty)
        #expect(!server.isActive)
        // The request's async hook was started by its end(), not awaited: wait for it.
        #expect(await poll { server.log.all.contains("request async hook") })
        #expect(server.log.all.filter { $0 == "server hook" }.count == 1)
        #expect(server.log.all.filter { $0 == "request hook" }.count == 1)
        #expect(server.log.all.filter { $0 == "request async hook" }.count == 1)
        #expect(
            server.log.all.firstIndex(of: "request hook")! < server.log.all.firstIndex(
                of: "server hook")!)
    }

    // app → session → request; the app's `end()` comes while the body runs. The request is
    // never ended under the body; once the body returns, the session and the app end, each
    // hook once.
    @Test("a nested request while the app ends", .timeLimit(.minutes(1)))
    func nestedRequestWhileTheAppEnds() async throws {
        let server = Server()
        let session = Session(parent: server)
        server.onEnd { _ in server.log.record("server hook") }
        session.onEnd { _ in server.log.record("session hook") }
        session.onEnd { _ in
            await Task.yield()
            server.log.record("session async hook")
        }
        let entered = AsyncGate()
        let proceed = AsyncGate()
        let handling = Task {
            try await session.withRequest(UserRequest.init) { request in
                request.onEnd { _ in server.log.record("request hook") }
                entered.open()
                await proceed.wait()
                #expect(request.isActive, "the request was ended under its body")
                return request.config().id
            }
        }
        await entered.wait()
        let first = server.end()
        #expect(first.stillEnding.contains { $0.description == "Server (app tier)" })
        #expect(server.log.all.isEmpty, "something ended before the request")
        proceed.open()
        #expect(try await handling.value == 7)
        let report = await server.endAndWait()
        #expect(report.stillEnding.isEmpty)
        #expect(!session.isActive)
        #expect(!server.isActive)
        #expect(await poll { server.log.all.contains("session async hook") })
        let log = server.log.all
        #expect(log.filter { $0 == "request hook" }.count == 1)
        #expect(log.filter { $0 == "session hook" }.count == 1)
        #expect(log.filter { $0 == "session async hook" }.count == 1)
        #expect(log.filter { $0 == "server hook" }.count == 1)
        #expect(log.first == "request hook")
    }

    // The parent's awaited end passes its deadline while the body runs: the request is
    // listed as overran, the server as still ending; when the body returns, the rest of the
    // server's end runs once.
    @Test(
        "a parent's awaited end whose deadline passes while the body runs", .timeLimit(.minutes(1)))
    func awaitedParentEndOverrunsTheBody() async throws {
        let server = Server()
        server.onEnd { _ in server.log.record("server hook") }
        server.onEnd { _ in
            await Task.yield()
            server.log.record("server async hook")
        }
        let entered = AsyncGate()
        let proceed = AsyncGate()
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                entered.open()
                await proceed.wait()
                #expect(request.isActive, "the request was ended under its body")
                return request.config().id
            }
        }
        await entered.wait()
        let first = await server.endAndWait(within: .milliseconds(100))
        #expect(first.stillEnding.map(\.description) == ["Server (app tier)"])
        #expect(first.overran.contains { $0.containerDescription.description.hasPrefix("Request") })
        #expect(server.log.all.isEmpty)
        proceed.open()
        #expect(try await handling.value == 7)
        let report = await server.endAndWait()
        #expect(report.stillEnding.isEmpty)
        #expect(await poll { server.log.all.contains("server async hook") })
        #expect(server.log.all.filter { $0 == "server hook" }.count == 1)
        #expect(server.log.all.filter { $0 == "server async hook" }.count == 1)
    }

    // A draining end whose deadline passes while a body holds its request: the request is
    // listed as overran by the drain, and again by step 3, which waited for the held child
    // up to the same deadline. One child, one entry.
    @Test("a held request is listed once in a draining end's overran", .timeLimit(.minutes(1)))
    func drainingEndListsAHeldRequestOnce() async throws {
        let server = Server()
        let entered = AsyncGate()
        let proceed = AsyncGate()
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                entered.open()
                await proceed.wait()
                return request.config().id
            }
        }
        await entered.wait()
        let report = await server.endAndWait(within: .milliseconds(100), draining: true)
        let listed = report.overran.filter {
            $0.containerDescription.description.hasPrefix("Request")
        }
        #expect(listed.count == 1, "the request is listed \(listed.count) times: \(report.overran)")
        proceed.open()
        #expect(try await handling.value == 7)
        #expect(await server.endAndWait().stillEnding.isEmpty)
    }

    // The parent's `end()` on another thread races `withRequest` between its `make` and its
    // hold. Either the request is refused (`childOfEnded`) or its body runs with the request
    // active throughout: never a body with an ended request.
    //
    // The ender spins on a flag `make` sets, and `make` then spins a little longer each
    // round, so that across rounds the hold sweeps through the parent's end.
    @Test(
        "the parent's end racing the hold never ends a request under its body",
        .tags(.stress), .timeLimit(.minutes(1)))
    func endRacingTheHold() async throws {
        final class Race: Sendable {
            let go = Atomic<Bool>(false)
            let endedUnderBody = Atomic<Int>(0)
            let refused = Atomic<Int>(0)
            let served = Atomic<Int>(0)
        }
        let rounds = isUnderThreadSanitizer ? 500 : 20000
        let race = Race()
        for round in 0..<rounds {
            let server = Server()
            race.go.store(false, ordering: .sequentiallyConsistent)
            let ended = DispatchSemaphore(value: 0)
            let ready = DispatchSemaphore(value: 0)
            let ender = Thread {
                ready.signal()
                var spins = 0
                while !race.go.load(ordering: .sequentiallyConsistent), spins < 50_000_000 {
                    spins += 1
                }
                server.end()
                ended.signal()
            }
            ender.start()
            ready.wait()
            let delay = (round % 1500) + 300
            do {
                let make = { (server: Server) throws(StrataError) -> Request in
                    let request = try Request(parent: server)
                    race.go.store(true, ordering: .sequentiallyConsistent)
                    var sink = 0
                    for index in 0..<delay { sink &+= index }
                    if sink == -1 { print(sink) }
                    return request
                }
                let active = try await server.withRequest(make) { request in request.isActive }
                if active {
                    race.served.add(1, ordering: .relaxed)
                } else {
                    race.endedUnderBody.add(1, ordering: .relaxed)
                }
            } catch StrataError.childOfEnded {
                race.refused.add(1, ordering: .relaxed)
            }
            ended.wait()
            _ = await server.endAndWait()
        }
        let endedUnderBody = race.endedUnderBody.load(ordering: .relaxed)
        #expect(
            endedUnderBody == 0,
            """
            \(endedUnderBody) bodies ran with an ended request; served \(race.served.load(ordering: .relaxed)), \
            refused \(race.refused.load(ordering: .relaxed))
            """)
    }
}
