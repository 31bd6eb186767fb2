import Strata
import Synchronization

/// The dependencies of the request cases, shared by Strata's containers and the
/// hand-written request: a server's app tier and what one request makes.

/// The server's settings, a value.
struct ServerConfig: Sendable {
    var name = "strata-bench"
    var maxConnections = 64
}

/// The app-wide logger.
final class ServerLogger: Sendable {
    let config: ServerConfig

    init(config: ServerConfig) { self.config = config }
}

/// What a request knows about itself.
final class RequestContext: Sendable {
    let id: Int

    init(id: Int) { self.id = id }
}

/// The app's logger, tagged with one request's id.
final class TaggedLogger: Sendable {
    let base: ServerLogger
    let id: Int

    init(base: ServerLogger, id: Int) {
        self.base = base
        self.id = id
    }
}

/// A request's repository: made from its context and logger, synchronously.
final class Repository: Sendable {
    let context: RequestContext
    let logger: TaggedLogger

    init(context: RequestContext, logger: TaggedLogger) {
        self.context = context
        self.logger = logger
    }
}

/// A pool of connections that counts what it has leased and not yet got back.
///
/// Every lease is a new object, and the pool keeps none: so a request's end releases the
/// last reference to its lease, and Strata's end finds no survivor to watch.
actor ConnectionPool {
    /// Leases handed out and not given back.
    private(set) var outstanding = 0
    /// Leases handed out, ever.
    private(set) var leased = 0
    /// Leases given back, ever.
    private(set) var returned = 0

    func lease() async throws -> Lease {
        outstanding += 1
        leased += 1
        return Lease(pool: self, number: leased)
    }

    /// The three counts at once.
    var counts: (outstanding: Int, leased: Int, returned: Int) { (outstanding, leased, returned) }

    func giveBack(_ lease: Lease) {
        outstanding -= 1
        returned += 1
    }

    /// Waits, yielding, until every lease is back or `nanoseconds` have passed; the leases
    /// still out.
    ///
    /// A lease given back by a task Strata started, not awaited (`end()`), comes back a
    /// moment after the end.
    func settled(within nanoseconds: UInt64 = 5_000_000_000) async -> Int {
        let deadline = monotonicNanoseconds() + nanoseconds
        while outstanding != 0 && monotonicNanoseconds() < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return outstanding
    }
}

/// A leased connection: returned to its pool when the request that leased it ends.
final class Lease: AsyncScopeBound {
    let pool: ConnectionPool
    let number: Int

    init(pool: ConnectionPool, number: Int) {
        self.pool = pool
        self.number = number
    }

    /// Gives the lease back to its pool.
    func scopeDidEnd() async { await pool.giveBack(self) }
}

/// The server's metrics: counts the requests that ended.
actor Metrics {
    private(set) var recorded = 0

    func record() { recorded += 1 }

    /// Waits, yielding, until `count` requests are recorded or `seconds` have passed: the
    /// end hooks `end()` started and did not await have all run.
    func settled(toAtLeast count: Int, within seconds: UInt64 = 120) async {
        let deadline = monotonicNanoseconds() + seconds * 1_000_000_000
        while recorded < count && monotonicNanoseconds() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// The instance of the `async-first` case: made at once, with no real await.
final class InstantLease: Sendable {}

/// Opened only by the cancellation of the task that waits on it: what a factory that
/// respects cancellation awaits, as a real pool's `lease()` does while no connection is
/// free.
final class CancellationGate: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var isWaiting = false
        var isCancelled = false
        /// Who waits for the gate's waiter to start waiting.
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits until the calling task is cancelled, then throws `CancellationError`.
    func wait() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.isWaiting = true
                    defer { state.watchers = [] }
                    if state.isCancelled {
                        continuation.resume()
                    } else {
                        state.waiter = continuation
                    }
                    return state.watchers
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.isCancelled = true
                return state.waiter.take()
            }
            waiter?.resume()
        }
        throw CancellationError()
    }

    /// Returns once a task waits on the gate (at once if one has).
    func waiting() async {
        await withCheckedContinuation { continuation in
            let isWaiting = state.withLock { state in
                if !state.isWaiting { state.watchers.append(continuation) }
                return state.isWaiting
            }
            if isWaiting { continuation.resume() }
        }
    }
}
