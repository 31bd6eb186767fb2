import Strata

extension BenchCase {
    /// Resident memory growth over sequential requests ended with `endAndWait`.
    static let requestMemory = BenchCase(
        name: "request-memory",
        title: "memory growth, requests \(requestMemoryRange.full) (endAndWait)",
        unit: "MiB", baseline: "hand-written request (HandRequest), the same requests",
        target: .atMost(2)
    ) { settings throws(BenchFailure) in
        try requestGrowth(settings: settings) { app in try await serveRequestByHand(on: app) }
    }

    /// Resident memory growth over sequential requests ended with `end()`, which starts the
    /// lease's return and the end hook in tasks of their own and does not await them: read
    /// once they have run, since a loop that ends requests faster than that work runs queues
    /// it, and the queue is the loop's, not a leak.
    static let requestMemoryEnd = BenchCase(
        name: "request-memory-end",
        title: "memory growth, requests \(requestMemoryRange.full) (end())",
        unit: "MiB", baseline: "hand-written request (HandRequest), the same requests",
        target: .atMost(2)
    ) { settings throws(BenchFailure) in
        try requestGrowth(settings: settings, serve: serveEndingWithoutAwait)
    }

    /// The same, from request 1,000,000 to 2,000,000: `end()`'s queued work leaves nothing
    /// that grows with the requests once the first million have warmed the heap.
    static let requestMemoryEndLater = BenchCase(
        name: "request-memory-end-later",
        title: "memory growth, requests \(requestMemoryLaterRange.full) (end())",
        unit: "MiB", baseline: "hand-written request (HandRequest), the same requests",
        target: .atMost(0.5)
    ) { settings throws(BenchFailure) in
        try requestGrowth(
            settings: settings, range: requestMemoryLaterRange, serve: serveEndingWithoutAwait)
    }

    /// One request ended with `end()`, its async end work not awaited.
    private static func serveEndingWithoutAwait(on app: ServerAppContainer)
        async throws -> Int
    {
        let request = try RequestContainer(parent: app)
        let number = try await handle(request)
        request.end()
        return number
    }

    /// The same growth, each request served by `withRequest`.
    static let requestMemoryWith = BenchCase(
        name: "request-memory-with",
        title: "memory growth, requests \(requestMemoryRange.full) (withRequest)",
        unit: "MiB", baseline: "hand-written request (HandRequest), the same requests",
        target: .atMost(2)
    ) { settings throws(BenchFailure) in
        try requestGrowth(settings: settings) { app in try await serveRequest(on: app) }
    }

    /// Where the growth is read after the first million.
    static let requestMemoryLaterRange = (
        full: "1,000,000 → 2,000,000", start: 1_000_000, end: 2_000_000,
        smokeStart: 1_000, smokeEnd: 10_000
    )

    /// Where the growth is read: after the first request of the range's start, and after
    /// its last.
    static let requestMemoryRange = (
        full: "10,000 → 1,000,000", start: 10_000, end: 1_000_000,
        smokeStart: 1_000, smokeEnd: 10_000
    )

    /// The growth of resident memory, in MiB, between request `start` and request `end` of
    /// sequential requests served by `serve`, against the same for the hand-written request.
    ///
    /// Each reading comes after the leases are all back and free memory is handed back to
    /// the system (`malloc_trim`): what remains is what the requests kept, including what
    /// their ends still hold for a while (a deadline's pending timer), as a server under
    /// steady load holds it.
    private static func requestGrowth(
        settings: MeasureSettings,
        range: (full: String, start: Int, end: Int, smokeStart: Int, smokeEnd: Int) =
            requestMemoryRange,
        serve: @escaping @Sendable (ServerAppContainer) async throws -> Int
    ) throws(BenchFailure) -> Comparison {
        guard ResidentMemory.bytes() != nil else {
            throw .unsupported("resident memory is read from /proc/self/statm: Linux only")
        }
        let (start, end) =
            settings.isSmoke
            ? (range.smokeStart, range.smokeEnd)
            : settings.exactIterations.map { ($0 / 100, $0) } ?? (range.start, range.end)
        let hand = HandServerApp()
        // One reading per side: a million requests take seconds, and the growth is what
        // matters, not its spread. The baseline first: what Strata's requests leave behind
        // would otherwise be freed during the baseline's, which would read as negative growth.
        let baseline = try growth(
            from: start, to: end, pool: hand.pool, metrics: hand.metrics, side: "hand-written"
        ) { () async throws in
            try await serveRequest(on: hand)
        }
        var app: ServerAppContainer? = ServerAppContainer()
        let strata = try growth(
            from: start, to: end, pool: app!.pool(), metrics: app!.metrics(), side: "Strata"
        ) { [app] () async throws in
            try await serve(app!)
        }
        try checkSettled(app!, hand, requests: end)
        // Whether what the requests left behind is held by the app: told, not judged.
        let held = ResidentMemory.bytes() ?? 0
        app?.end()
        app = nil
        ResidentMemory.trim()
        let freed = Double(held - (ResidentMemory.bytes() ?? 0)) / Double(1 << 20)
        printError("  releasing the app freed \(NumberFormat.compact(freed)) MiB")
        return Comparison(
            strata: Figure(samples: [strata], iterations: end - start),
            baseline: Figure(samples: [baseline], iterations: end - start))
    }

    /// Serves `end` requests with `serve`, one at a time, and returns how many MiB resident
    /// memory grew from request `start` to request `end`.
    ///
    /// Also tells, not judged, how many heap allocations per request made in that range were
    /// not freed by the time of the second reading, where the allocation counter works.
    private static func growth(
        from start: Int, to end: Int, pool: ConnectionPool, metrics: Metrics, side: String,
        _ serve: @escaping @Sendable () async throws -> Int
    ) throws(BenchFailure) -> Double {
        try runBlocking { () async throws(BenchFailure) in
            try await checking("serving requests") {
                var sum = 0
                for _ in 0..<start { sum &+= try await serve() }
                _ = await pool.settled()
                ResidentMemory.trim()
                let before = ResidentMemory.bytes() ?? 0
                let counted = HeapAllocations.startCounting()
                for _ in start..<end { sum &+= try await serve() }
                _ = await pool.settled()
                // `end()` starts its async end work and does not await it: what it queued
                // under a loop faster than that work is read once it has run, not before.
                await metrics.settled(toAtLeast: end)
                ResidentMemory.trim()
                let after = ResidentMemory.bytes() ?? 0
                if counted {
                    let (allocations, frees) = HeapAllocations.stopCounting()
                    let kept = Double(allocations - frees) / Double(end - start)
                    printError(
                        "  \(side): \(NumberFormat.compact(kept)) allocations per request not "
                            + "freed at the second reading")
                }
                NumberSink.consume(sum)
                return Double(after - before) / Double(1 << 20)
            }
        }
    }
}
