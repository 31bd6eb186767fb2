import Strata
import Synchronization

extension BenchCase {
    /// A request that resolves three sync `shared`s and nothing async, through `withRequest`,
    /// one at a time: what a request costs when it uses no async work, no hook and no lease.
    static let requestSync = BenchCase(
        name: "request-sync",
        title: "sync-only request through withRequest: child, 3 sync shared",
        unit: "ns/op", baseline: "hand-written request of 3 lazy parts behind one Mutex",
        target: .nanosecondsOver(atMost: 2_000, stretchRatio: 3)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try checkSyncRequests(on: app)
        let figures = compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { NumberSink.consume(try await serveSyncRequest(on: app)) }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { NumberSink.consume(serveSyncRequestByHand()) }
            },
            settings: settings)
        try check(app.tree.children.isEmpty, "ended requests are still in the app's tree")
        return figures
    }

    /// The same with 64 in flight, wall time ÷ requests.
    static let requestSync64 = BenchCase(
        name: "request-sync-64",
        title: "sync-only request, 64 in flight (wall time ÷ requests)",
        unit: "ns/op", baseline: "hand-written request of 3 lazy parts, 64 in flight",
        target: .nanosecondsOver(atMost: 2_000, stretchRatio: 3)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try checkSyncRequests(on: app)
        let figures = compare(
            asyncTimedLoop { iterations in
                try await inFlight(64, total: iterations) { try await serveSyncRequest(on: app) }
            },
            asyncTimedLoop { iterations in
                try await inFlight(64, total: iterations) { serveSyncRequestByHand() }
            },
            settings: settings)
        try check(app.tree.children.isEmpty, "ended requests are still in the app's tree")
        return figures
    }

    /// Eight async end hooks, each an actor call, run by `withRequest`'s end in the handler's
    /// task, against the same eight calls in one bare `Task { }`, as `async-end-work`
    /// compares `endAndWait`'s.
    static let requestHooks = BenchCase(
        name: "request-hooks",
        title: "8 async end hooks through withRequest (vs one bare Task { } doing the same)",
        unit: "ns/op",
        baseline: "child ended with end(), then the 8 actor calls in one awaited Task { }",
        target: .ratio(atMost: 2)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        let metrics = app.metrics()
        try runBlocking { () async throws(BenchFailure) in
            let before = await metrics.recorded
            _ = try await checking("a request with 8 hooks") {
                try await serveRequestWithHooks(on: app, metrics: metrics)
            }
            let recorded = await metrics.recorded
            try check(recorded == before + 8, "the 8 async hooks did not all run by its return")
        }
        let taskSink = Sink()
        return compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    NumberSink.consume(try await serveRequestWithHooks(on: app, metrics: metrics))
                }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    taskSink.blackHole(request.context())
                    request.end()
                    await Task { for _ in 0..<8 { await metrics.record() } }.value
                }
            },
            settings: settings)
    }

    /// `endAndWait` of a child with two sync `shared`s, called from the main actor, against
    /// the same call from a nonisolated caller: an end with nothing to await makes no hop off
    /// the main actor and back.
    static let endAndWaitMain = BenchCase(
        name: "end-and-wait-main",
        title: "endAndWait from the main actor, nothing async (vs a nonisolated caller)",
        unit: "ns/op", baseline: "the same endAndWait from a nonisolated caller",
        target: .ratio(atMost: 1.5)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try runBlocking { () async throws(BenchFailure) in
            let request = try await checking("making a request") {
                try RequestContainer(parent: app)
            }
            _ = request.context()
            let report = await endOnTheMainActor(request)
            try check(!request.isActive && report.overran.isEmpty, "the end did not end it")
        }
        let mainSink = Sink()
        let sink = Sink()
        return compare(
            mainActorTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    mainSink.blackHole(request.context())
                    mainSink.blackHole(request.logger())
                    await request.endAndWait()
                }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    sink.blackHole(request.context())
                    sink.blackHole(request.logger())
                    await request.endAndWait()
                }
            },
            settings: settings)
    }

    /// Checks that a sync-only request resolves each part once and leaves nothing behind.
    private static func checkSyncRequests(on app: ServerAppContainer) throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            let kept = Mutex<RequestContainer?>(nil)
            _ = try await checking("a sync-only request") {
                try await app.withRequest(RequestContainer.init) { request in
                    kept.withLock { $0 = request }
                    return try syncParts(of: request)
                }
            }
            let request = kept.withLock { $0 }
            try check(request?.isActive == false, "a sync-only request did not end")
            try check(app.tree.children.isEmpty, "an ended request is still in the app's tree")
            let hand = HandSyncRequest()
            _ = hand.parts
            hand.end()
            try check(hand.isEmpty, "the hand-written request still holds what it made")
        }
    }
}

/// `endAndWait` called from the main actor.
@MainActor
private func endOnTheMainActor(_ request: RequestContainer) async -> EndReport {
    await request.endAndWait()
}

/// What a sync-only request's handler does: resolves its three sync `shared`s.
private func syncParts(of request: RequestContainer) throws -> Int {
    let context = try request.context.resolve()
    let logger = try request.logger.resolve()
    let repository = try request.repository.resolve()
    return context.id &+ logger.id &+ repository.context.id
}

/// A sync-only request's lifecycle through `withRequest`.
private func serveSyncRequest(on app: ServerAppContainer) async throws -> Int {
    try await app.withRequest(RequestContainer.init) { request in try syncParts(of: request) }
}

/// A request with eight async end hooks through `withRequest`.
private func serveRequestWithHooks(
    on app: ServerAppContainer, metrics: Metrics
) async throws -> Int {
    try await app.withRequest(RequestContainer.init) { request in
        for _ in 0..<8 { request.onEnd { _ in await metrics.record() } }
        return try request.context.resolve().id
    }
}

/// The same written out by hand.
private func serveSyncRequestByHand() -> Int {
    let request = HandSyncRequest()
    let parts = request.parts
    request.end()
    return parts
}

/// The baseline of the sync-only cases: a request of three parts made lazily, each once,
/// behind one `Mutex`, and let go at its end; a read after the end traps.
private final class HandSyncRequest: Sendable {
    private struct State {
        var isActive = true
        var context: RequestContext?
        var logger: TaggedLogger?
        var repository: Repository?
    }

    private static let base = ServerLogger(config: ServerConfig())
    private let id = RequestNumbers.next()
    private let state = Mutex(State())

    /// The three parts, made on first use, summed as the Strata side sums them.
    var parts: Int {
        state.withLock { state in
            precondition(state.isActive, "the hand-written request has ended")
            let context = state.context ?? RequestContext(id: id)
            state.context = context
            let logger = state.logger ?? TaggedLogger(base: Self.base, id: id)
            state.logger = logger
            let repository =
                state.repository ?? Repository(context: context, logger: logger)
            state.repository = repository
            return context.id &+ logger.id &+ repository.context.id
        }
    }

    var isEmpty: Bool {
        state.withLock { $0.context == nil && $0.logger == nil && $0.repository == nil }
    }

    func end() { state.withLock { $0 = State(isActive: false) } }
}
