import Strata
import Testing

/// The record of a walked end outlives the scope's release: an `endAndWait` called once the
/// end is over returns the whole end's report, whether the scope kept the record alone (a
/// request that used nothing apart) or in its side state (one that answered a route).
@Suite("An end's record, after the release", .timeLimit(.minutes(1)))
struct EndRecordTests {
    final class Server: Container {
        let scope = AppScope()
    }

    final class Request: Container {
        let scope: RequestScope<Server>

        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }
    }

    final class Step: Container {
        let scope: InteractionScope<Request>

        init(parent: Request) { scope = InteractionScope(parent: parent) }
    }

    struct Ping: Route {
        typealias Output = Int
    }

    /// Serves one request that makes a child and registers an async end hook (so its end is
    /// walked), then awaits the ended request's end again from outside.
    private static func laterReport(
        answeringARoute: Bool
    ) async throws -> EndReport {
        let server = Server()
        var kept: Request?
        var child: Step?
        try await server.withRequest(Request.init) { request in
            kept = request
            child = Step(parent: request)
            if answeringARoute { request.handle(Ping.self) { _, _ in 1 } }
            request.onEnd { _ in await Task.yield() }
        }
        let request = try #require(kept)
        #expect(child?.isActive == false)
        return await request.endAndWait()
    }

    @Test("a request that kept its end's record alone: a later endAndWait names it and its child")
    func recordKeptAlone() async throws {
        let later = try await Self.laterReport(answeringARoute: false)
        // The child was never used, so it is named by where it was made.
        #expect(later.ended.count == 2)
        #expect(later.ended.last?.typeName == "Request")
        #expect(later.stillEnding.isEmpty)
    }

    @Test("a request whose side state held the record: a later endAndWait names it and its child")
    func recordKeptInTheSideState() async throws {
        let later = try await Self.laterReport(answeringARoute: true)
        #expect(later.ended.count == 2)
        #expect(later.ended.last?.typeName == "Request")
        #expect(later.stillEnding.isEmpty)
    }
}
