import Strata
import Synchronization

/// The app tier of a server, in Strata: settings, a logger, a connection pool and metrics.
final class ServerAppContainer: Container {
    let scope = AppScope()

    var config: Provider<ServerConfig> { shared { ServerConfig() } }
    var logger: Provider<ServerLogger> { shared { ServerLogger(config: self.config()) } }
    var pool: Provider<ConnectionPool> { shared { ConnectionPool() } }
    var metrics: Provider<Metrics> { shared { Metrics() } }
}

/// The scope of every request-tier container of the bench.
typealias RequestTierScope = RequestScope<ServerAppContainer>

extension ServerAppContainer {
    /// A new request scope under the app; throws once the app's end has begun.
    func makeRequestScope() throws(StrataError) -> RequestTierScope {
        try RequestScope(checking: self)
    }
}

/// One request: its context, a logger tagged with its id, a repository, and a connection
/// leased from the app's pool, which an async `shared` awaits.
///
/// The lease is ``AsyncScopeBound``: the request's end gives it back to the pool.
final class RequestContainer: Container {
    let scope: RequestTierScope
    let id: Int
    /// What the lease's factory awaits before it leases: `nil` but in the `request-cancel`
    /// case, whose factory waits until its task is cancelled.
    let gate: CancellationGate?

    /// The form `app.withRequest(RequestContainer.init)` will take.
    convenience init(parent: ServerAppContainer) throws(StrataError) {
        try self.init(parent: parent, gate: nil)
    }

    init(parent: ServerAppContainer, gate: CancellationGate?) throws(StrataError) {
        self.id = RequestNumbers.next()
        self.gate = gate
        self.scope = try parent.makeRequestScope()
    }

    var context: Provider<RequestContext> { shared { RequestContext(id: self.id) } }

    /// Reads the parent's logger.
    var logger: Provider<TaggedLogger> {
        shared { TaggedLogger(base: self.parent.logger(), id: self.id) }
    }

    var repository: Provider<Repository> {
        shared { Repository(context: self.context(), logger: self.logger()) }
    }

    /// The request's connection, leased once, however many callers ask first.
    var lease: AsyncProvider<Lease> {
        shared {
            try await self.gate?.wait()
            return try await self.parent.pool().lease()
        }
    }
}

/// A child with one async `shared` and one sync `shared` of the same instance type,
/// made at once: the `async-first` case resolves one or the other first.
final class FirstResolveContainer: Container {
    let scope: RequestTierScope

    init(parent: ServerAppContainer) throws(StrataError) {
        self.scope = try parent.makeRequestScope()
    }

    var asyncLease: AsyncProvider<InstantLease> { shared { InstantLease() } }
    var syncLease: Provider<InstantLease> { shared { InstantLease() } }
}

/// What one request does with its container: registers an async end hook that records the
/// request in the app's metrics, resolves its three sync `shared`s and leases its
/// connection.
///
/// - Returns: A number made from what it resolved, for the loop to consume.
func handle(_ request: RequestContainer) async throws -> Int {
    let metrics = request.parent.metrics()
    request.onEnd { _ in await metrics.record() }
    let context = try request.context.resolve()
    let logger = try request.logger.resolve()
    let repository = try request.repository.resolve()
    let lease = try await request.lease.resolve()
    return context.id &+ logger.id &+ repository.context.id &+ lease.number
}

/// One request's whole lifecycle, as a server writes it: `withRequest` makes its container,
/// runs ``handle(_:)``, and awaits its end, whether the handling threw or not.
func serveRequest(on app: ServerAppContainer, gate: CancellationGate? = nil) async throws -> Int {
    let make = { (app: ServerAppContainer) throws(StrataError) in
        try RequestContainer(parent: app, gate: gate)
    }
    return try await app.withRequest(make) { request in try await handle(request) }
}

/// The same lifecycle written out: the container made, ``handle(_:)``, and its end awaited.
func serveRequestByHand(on app: ServerAppContainer) async throws -> Int {
    let request = try RequestContainer(parent: app)
    let handled: Result<Int, any Error>
    do {
        handled = .success(try await handle(request))
    } catch {
        handled = .failure(error)
    }
    await request.endAndWait()
    return try handled.get()
}

/// Request ids, one per request made on either side.
enum RequestNumbers {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}
