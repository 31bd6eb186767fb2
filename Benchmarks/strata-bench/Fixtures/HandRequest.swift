import Synchronization

/// The app tier of a server, written by hand: its parts made with it, in `let`s.
final class HandServerApp: Sendable {
    let config = ServerConfig()
    let logger: ServerLogger
    let pool = ConnectionPool()
    let metrics = Metrics()

    init() { logger = ServerLogger(config: config) }
}

/// The baseline of the request cases: one request's container written by hand, as a careful
/// server engineer writes it without a library.
///
/// Pinned, so that the request cases compare with the same thing from run to run:
/// - its context, tagged logger, repository and lease are made lazily, each once, behind
///   ONE `Synchronization.Mutex`, and no other lock;
/// - the lease, its async dependency, is awaited inline in the caller's task: no `Task`, no
///   single flight. Two first callers that race may both lease; the first to come back keeps
///   its lease, the other gives its own back to the pool and returns the kept one;
/// - the end is awaited inline in the caller's task: it gives the lease back to the pool and
///   records the request in the metrics, the two actor calls Strata's end makes too (the
///   lease's `scopeDidEnd()` and the request's end hook), in the same order, and nothing else;
/// - after the end a read traps, as a Strata provider does, and a lease that arrives after
///   the end is given back and not kept.
///
/// What it leaves out, against Strata: a parent that knows its live requests (the app's end
/// cannot end them), cycle detection, deadlines on the end's work, the survivors report,
/// hooks of any kind, overrides, tracing, the tree. The async dependency's factory is not
/// cancelled by the end: a lease still in flight when the request ends is given back when it
/// arrives.
final class HandRequest: Sendable {
    private struct State {
        var isActive = true
        var context: RequestContext?
        var logger: TaggedLogger?
        var repository: Repository?
        var lease: Lease?

        mutating func context(id: Int) -> RequestContext {
            precondition(isActive, "the hand-written request has ended")
            if let context { return context }
            let made = RequestContext(id: id)
            context = made
            return made
        }

        mutating func logger(app: HandServerApp, id: Int) -> TaggedLogger {
            precondition(isActive, "the hand-written request has ended")
            if let logger { return logger }
            let made = TaggedLogger(base: app.logger, id: id)
            logger = made
            return made
        }

        mutating func repository(app: HandServerApp, id: Int) -> Repository {
            precondition(isActive, "the hand-written request has ended")
            if let repository { return repository }
            let made = Repository(context: context(id: id), logger: logger(app: app, id: id))
            repository = made
            return made
        }
    }

    let app: HandServerApp
    let id: Int
    /// What ``lease()`` awaits before it leases: `nil` but in the `request-cancel` case.
    let gate: CancellationGate?
    private let state = Mutex(State())

    init(app: HandServerApp, gate: CancellationGate? = nil) {
        self.app = app
        self.id = RequestNumbers.next()
        self.gate = gate
    }

    var context: RequestContext { state.withLock { $0.context(id: id) } }
    var logger: TaggedLogger { state.withLock { $0.logger(app: app, id: id) } }
    var repository: Repository { state.withLock { $0.repository(app: app, id: id) } }

    /// The request's lease, awaited in the caller's task the first time.
    func lease() async throws -> Lease {
        let kept = state.withLock { state -> Lease? in
            precondition(state.isActive, "the hand-written request has ended")
            return state.lease
        }
        if let kept { return kept }
        try await gate?.wait()
        let made = try await app.pool.lease()
        let (lease, extra) = state.withLock { state -> (Lease?, Lease?) in
            guard state.isActive else { return (nil, made) }
            if let lease = state.lease { return (lease, made) }
            state.lease = made
            return (made, nil)
        }
        if let extra { await app.pool.giveBack(extra) }
        guard let lease else { throw CancellationError() }
        return lease
    }

    /// Whether the request has not ended.
    var isActive: Bool { state.withLock { $0.isActive } }

    /// Whether the request holds nothing.
    var isEmpty: Bool {
        state.withLock {
            $0.context == nil && $0.logger == nil && $0.repository == nil && $0.lease == nil
        }
    }

    /// Ends the request: gives the lease back, records the request, releases what it made.
    ///
    /// Does nothing the second time.
    func end() async {
        let taken = state.withLock { state -> (Bool, Lease?) in
            guard state.isActive else { return (false, nil) }
            state.isActive = false
            defer { state = State(isActive: false) }
            return (true, state.lease)
        }
        guard taken.0 else { return }
        if let lease = taken.1 { await app.pool.giveBack(lease) }
        await app.metrics.record()
    }
}

/// What one request does with its hand-written container: what ``handle(_:)`` does with
/// Strata's.
func handle(_ request: HandRequest) async throws -> Int {
    let context = request.context
    let logger = request.logger
    let repository = request.repository
    let lease = try await request.lease()
    return context.id &+ logger.id &+ repository.context.id &+ lease.number
}

/// One hand-written request's whole lifecycle, as ``serveRequest(on:gate:)``.
func serveRequest(on app: HandServerApp, gate: CancellationGate? = nil) async throws -> Int {
    let request = HandRequest(app: app, gate: gate)
    let handled: Result<Int, any Error>
    do {
        handled = .success(try await handle(request))
    } catch {
        handled = .failure(error)
    }
    await request.end()
    return try handled.get()
}
