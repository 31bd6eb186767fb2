import Strata
import Synchronization
import Testing

// Issue #37, item 3: on a server shape, instances the request handler had let go of were
// still alive right after `endAndWait` returned. Each test holds only weak references of its
// own, so what it counts is what something other than the handler still held.

private final class ServerConfig: Sendable {}

private final class ServerLogger: Sendable {
    let tag: String
    init(tag: String) { self.tag = tag }
}

private final class ServerMetrics: Sendable {
    private let served = Atomic<Int>(0)
    func count() { served.add(1, ordering: .relaxed) }
}

/// A connection leased from the pool for one request.
private final class Connection: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private actor ConnectionPool {
    private var leased = 0

    func lease() async throws -> Connection {
        leased += 1
        return Connection(number: leased)
    }
}

private final class RequestContext: Sendable {
    let id: Int
    let config: ServerConfig
    init(id: Int, config: ServerConfig) { (self.id, self.config) = (id, config) }
}

private final class RequestRepository: Sendable {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
}

private final class RequestService: Sendable {
    let repository: RequestRepository
    let logger: ServerLogger
    let context: RequestContext
    init(repository: RequestRepository, logger: ServerLogger, context: RequestContext) {
        (self.repository, self.logger, self.context) = (repository, logger, context)
    }
}

private final class ServerApp: Container {
    let scope = AppScope()

    var config: Provider<ServerConfig> { shared { ServerConfig() } }
    var logger: Provider<ServerLogger> { shared { ServerLogger(tag: "app") } }
    var pool: Provider<ConnectionPool> { shared { ConnectionPool() } }
    var metrics: Provider<ServerMetrics> { shared { ServerMetrics() } }

    func makeRequest(id: Int) -> RequestContainer { RequestContainer(parent: self, id: id) }
}

/// One request's container: a leased connection, made by an async provider, and what uses it.
private final class RequestContainer: Container {
    let scope: SessionScope<ServerApp>
    let id: Int

    init(parent: ServerApp, id: Int) {
        self.id = id
        scope = SessionScope(parent: parent)
    }

    var context: Provider<RequestContext> {
        shared { RequestContext(id: self.id, config: self.parent.config()) }
    }
    var logger: Provider<ServerLogger> { shared { ServerLogger(tag: "request \(self.id)") } }
    var connection: AsyncProvider<Connection> { shared { try await self.parent.pool().lease() } }
    var repository: AsyncProvider<RequestRepository> {
        shared { RequestRepository(connection: try await self.connection.resolve()) }
    }
    var service: AsyncProvider<RequestService> {
        shared {
            RequestService(
                repository: try await self.repository.resolve(), logger: self.logger(),
                context: self.context())
        }
    }
}

/// Weak references to what one request's handler resolved, taken by the test itself.
private struct ReleasedInstances {
    private(set) var references: [(name: String, reference: WeakObject)] = []

    mutating func watch(_ object: AnyObject, as name: String) {
        references.append((name, WeakObject(object)))
    }

    /// The names of the instances still alive.
    var alive: [String] { references.filter { $0.reference.object != nil }.map(\.name) }
}

/// A weak reference to an instance, so that watching it keeps nothing alive.
private final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// A server's requests, one at a time: each resolves a request container's instances, the
/// leased connection by an async provider, lets go of them and ends the container.
@Suite("A server's request: endAndWait returns with nothing Strata started holding an instance")
struct ServerRequestReleaseTests {
    /// Requests, one at a time; 2,000 under ThreadSanitizer, where 5,000 took 50 s of the
    /// test's minute.
    ///
    /// Issue #37 saw 42 requests in 50,000 leave instances alive. Before the fix, this test
    /// counted 6 to 269 in 50,000 in a debug build and 36 to 76 in a release build: the
    /// construction's task, freed by the runtime after it resumed the handler, held them.
    static let rounds = isUnderThreadSanitizer ? 2_000 : 50_000

    /// The handler: resolves everything, the async ones with `await`, uses them, and lets go.
    private static func handle(_ request: RequestContainer) async throws -> ReleasedInstances {
        var released = ReleasedInstances()
        let connection = try await request.connection.resolve()
        let service = try await request.service.resolve()
        let context = request.context()
        let logger = request.logger()
        request.parent.metrics().count()
        #expect(service.repository.connection === connection)
        #expect(service.context === context && service.logger === logger)
        released.watch(connection, as: "connection")
        released.watch(service.repository, as: "repository")
        released.watch(service, as: "service")
        released.watch(context, as: "context")
        released.watch(logger, as: "logger")
        return released
    }

    @Test(
        "right after endAndWait, no instance of the request is alive",
        .tags(.stress), .timeLimit(.minutes(1)))
    func nothingAliveAfterEndAndWait() async throws {
        let app = ServerApp()
        var roundsWithSurvivors = 0
        var alive: [String: Int] = [:]
        for id in 0..<Self.rounds {
            let request = app.makeRequest(id: id)
            let released = try await Self.handle(request)
            await request.endAndWait()
            let names = released.alive
            if !names.isEmpty { roundsWithSurvivors += 1 }
            for name in names { alive[name, default: 0] += 1 }
        }
        #expect(
            roundsWithSurvivors == 0,
            "\(roundsWithSurvivors) of \(Self.rounds) requests left instances alive: \(alive)")
    }
}
