import Strata
import Testing

/// A `withRequest` body that awaits its own request's end: the call returns with the request
/// still ending, the request serves on, and its end runs once the body has returned (issue
/// 48, defect 2).
@Suite("A request's own end, awaited from its body")
struct RequestOwnEndTests {
    final class Server: Container {
        let scope = AppScope()
        let log = EventLog()
    }

    final class Request: Container {
        let scope: RequestScope<Server>

        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }

        var user: Provider<Service> { shared { Service(id: 7) } }
    }

    @Test("with nothing to run, the request is not ended under its body")
    func quietRequest() async throws {
        let server = Server()
        let kept = Locked<Request?>(nil)
        let id = try await server.withRequest(Request.init) { request in
            kept.withLock { $0 = request }
            let report = await request.endAndWait()
            #expect(report.stillEnding.map(\.typeName) == ["Request"])
            #expect(request.isActive)
            return try request.user.resolve().id
        }
        #expect(id == 7)
        #expect(kept.withLock { $0?.isActive } == false)
    }

    @Test("with an end hook, the hook runs once the body has returned")
    func requestWithAHook() async throws {
        let server = Server()
        let log = server.log
        try await server.withRequest(Request.init) { request in
            request.onEnd { _ in log.record("hook") }
            let report = await request.endAndWait()
            #expect(report.stillEnding.map(\.typeName) == ["Request"])
            // Not closed either: on 28cfe11 the end began here, and ran in a task of its own.
            #expect(request.isActive)
            log.record("body goes on")
            _ = try request.user.resolve()
            log.record("body returns")
        }
        #expect(log.all == ["body goes on", "body returns", "hook"])
    }
}
