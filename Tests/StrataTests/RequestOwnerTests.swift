import Strata
import Synchronization
import Testing

/// A request's scope holds its container strongly while `withRequest` runs it, instead of
/// the weak reference a hook makes (issue #49): its hooks still receive the container, and
/// the container still goes once `withRequest` has returned, however the request ended.
@Suite("A request's container, held by its scope", .timeLimit(.minutes(1)))
struct RequestOwnerTests {
    final class Server: Container {
        let scope = AppScope()
    }

    final class Request: Container {
        let scope: RequestScope<Server>

        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }
    }

    /// What the hooks of one request received: for each, whether it was that request.
    final class Received: Sendable {
        private let hooks = Mutex<[String: Bool]>([:])

        func record(_ hook: String, _ container: Request?, expected: ObjectIdentifier) {
            hooks.withLock { $0[hook] = container.map(ObjectIdentifier.init) == expected }
        }

        var all: [String: Bool] { hooks.withLock { $0 } }
    }

    /// Registers a synchronous and an async end hook on `request`, each recording what it
    /// receives.
    static func watchHooks(of request: Request, into received: Received) {
        let expected = ObjectIdentifier(request)
        request.onEnd { received.record("sync", $0, expected: expected) }
        request.onEnd { container in
            await Task.yield()
            received.record("async", container, expected: expected)
        }
    }

    @Test("the hooks of a request that returns receive it, and it goes when withRequest returns")
    func returned() async throws {
        let server = Server()
        let received = Received()
        weak var gone: Request?
        try await server.withRequest(Request.init) { request in
            gone = request
            Self.watchHooks(of: request, into: received)
        }
        #expect(received.all == ["sync": true, "async": true])
        #expect(gone == nil, "the request's scope kept its container past its end")
        #expect(server.tree.children.isEmpty)
    }

    /// A request whose body watches its hooks and waits until it is cancelled, started in a
    /// task of its own; returns once the body runs, with the task and a weak reference to the
    /// request.
    static func heldRequest(
        under server: Server, into received: Received
    ) async -> (handling: Task<Void, any Error>, gone: WeakBox) {
        let entered = AsyncGate()
        let gone = Locked<WeakBox?>(nil)
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                gone.withLock { $0 = WeakBox(request) }
                Self.watchHooks(of: request, into: received)
                entered.open()
                await untilCancelled()
            }
        }
        await entered.wait()
        return (handling, gone.withLock { $0! })
    }

    @Test("the hooks of a cancelled request receive it, and it goes when withRequest returns")
    func cancelled() async throws {
        let server = Server()
        let received = Received()
        let (handling, gone) = await Self.heldRequest(under: server, into: received)
        handling.cancel()
        try await handling.value
        #expect(received.all == ["sync": true, "async": true])
        #expect(gone.object == nil, "the cancelled request's container stayed")
    }

    @Test("a request ended by its parent's end goes once its body returns")
    func endedByItsParent() async throws {
        let server = Server()
        let received = Received()
        let (handling, gone) = await Self.heldRequest(under: server, into: received)
        let report = await server.endAndWait(within: unreachedDeadline)
        try await handling.value
        #expect(report.stillEnding.isEmpty && !server.isActive)
        #expect(received.all == ["sync": true, "async": true])
        #expect(gone.object == nil, "the request's container stayed")
    }

    final class WeakBox: Sendable {
        nonisolated(unsafe) weak var object: Request?
        init(_ object: Request) { self.object = object }
    }
}
