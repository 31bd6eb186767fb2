import Strata

extension BenchCase {
    /// A request cancelled while its async `shared` waits, timed from `cancel()` of the
    /// request's task to the task's return, the request's end included.
    ///
    /// The lease's factory awaits a gate that only its task's cancellation opens, as a pool's
    /// `lease()` that respects cancellation does while no connection is free.
    static let requestCancel = BenchCase(
        name: "request-cancel",
        title: "request cancelled while its async shared waits: cancel() to return",
        unit: "ns/op",
        baseline: "hand-written request (HandRequest) awaiting the same gate inline",
        target: .ratio(atMost: 2)
    ) { settings throws(BenchFailure) in
        try checkCancel()
        // Each cancellation is timed on its own: a few hundred of them, not a calibrated loop.
        let perSample = settings.isSmoke ? 20 : settings.exactIterations ?? 400
        let app = ServerAppContainer()
        let hand = HandServerApp()
        let strataLatency = { () throws(BenchFailure) -> Double in
            try cancelLatency(perSample) { gate in try await serveRequest(on: app, gate: gate) }
        }
        let handLatency = { () throws(BenchFailure) -> Double in
            try cancelLatency(perSample) { gate in try await serveRequest(on: hand, gate: gate) }
        }
        if settings.isCalibrated {
            _ = try strataLatency()
            _ = try handLatency()
        }
        var strata: [Double] = []
        var baseline: [Double] = []
        for repetition in 0..<settings.repetitions {
            if repetition % 2 == 0 {
                strata.append(try strataLatency())
                baseline.append(try handLatency())
            } else {
                baseline.append(try handLatency())
                strata.append(try strataLatency())
            }
        }
        try runBlocking { () async throws(BenchFailure) in
            for (name, pool, metrics) in [
                ("Strata", app.pool(), app.metrics()), ("hand-written", hand.pool, hand.metrics),
            ] {
                let counts = await pool.counts
                try check(
                    counts.leased == 0 && counts.outstanding == 0,
                    "\(name): cancelled requests leased \(counts.leased) connections")
                let recorded = await metrics.recorded
                let requests = (settings.isCalibrated ? 1 : 0) + settings.repetitions
                try check(
                    recorded == requests * perSample,
                    "\(name): \(requests * perSample) cancelled requests recorded \(recorded) ends")
            }
            try check(app.tree.children.isEmpty, "cancelled requests are still in the app's tree")
        }
        return Comparison(
            strata: Figure(samples: strata, iterations: perSample),
            baseline: Figure(samples: baseline, iterations: perSample))
    }

    /// Nanoseconds from `cancel()` to the return of a task running `serve`, averaged over
    /// `count` requests, one at a time: each task is cancelled once `serve` waits on its gate.
    private static func cancelLatency(
        _ count: Int, _ serve: @escaping @Sendable (CancellationGate) async throws -> Int
    ) throws(BenchFailure) -> Double {
        try runBlocking { () async throws(BenchFailure) in
            var total: UInt64 = 0
            for _ in 0..<count {
                let gate = CancellationGate()
                let task = Task { () -> UInt64 in
                    _ = try? await serve(gate)
                    return monotonicNanoseconds()
                }
                await gate.waiting()
                let start = monotonicNanoseconds()
                task.cancel()
                total += await task.value - start
            }
            return Double(total) / Double(count)
        }
    }

    /// Checks that a request cancelled while its lease's factory waits returns, on both
    /// sides: it throws, leases nothing, runs its end hook, and leaves nothing in the tree.
    private static func checkCancel() throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            let app = ServerAppContainer()
            let gate = CancellationGate()
            let task = Task { () -> String in
                do {
                    _ = try await serveRequest(on: app, gate: gate)
                    return "returned a value"
                } catch {
                    return "threw \(error)"
                }
            }
            await gate.waiting()
            task.cancel()
            let returned = await returns(task, within: .seconds(1)) { await app.endAndWait() }
            let outcome = await task.value
            if !returned {
                // Not a failure of the bench: what the case measures does not happen yet.
                throw .blocked(
                    "a request whose task is cancelled while its async shared's factory waits "
                        + "does not return (waited 1 s): the cancellation does not reach the "
                        + "factory, which runs in a task of its own; the request returned only "
                        + "once its app was ended (it \(outcome.prefix(40))…)")
            }
            try check(outcome.hasPrefix("threw"), "a cancelled request \(outcome)")
            let counts = await app.pool().counts
            try check(counts.leased == 0, "a cancelled request leased a connection")
            let recorded = await app.metrics().recorded
            try check(recorded == 1, "a cancelled request's end hook ran \(recorded) times")
            try check(app.tree.children.isEmpty, "a cancelled request is still in the app's tree")

            let hand = HandServerApp()
            let handGate = CancellationGate()
            let handTask = Task { () -> String in
                do {
                    _ = try await serveRequest(on: hand, gate: handGate)
                    return "returned a value"
                } catch {
                    return "threw \(error)"
                }
            }
            await handGate.waiting()
            handTask.cancel()
            let handOutcome = await handTask.value
            try check(
                handOutcome.hasPrefix("threw"), "a cancelled hand-written request \(handOutcome)")
            let handCounts = await hand.pool.counts
            let handRecorded = await hand.metrics.recorded
            try check(
                handCounts.leased == 0 && handRecorded == 1,
                "a cancelled hand-written request leased or did not record")
        }
    }
}
