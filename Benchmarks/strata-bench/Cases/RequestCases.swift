import Strata

extension BenchCase {
    /// One request's whole lifecycle, one request at a time: its container made under the
    /// app, an async end hook registered, three sync `shared`s and one async `shared`
    /// resolved, its end awaited; against the hand-written request doing the same.
    static let request = BenchCase(
        name: "request",
        title: "request: child, 3 sync shared, 1 async shared, async end hook, endAndWait",
        unit: "ns/op", baseline: "hand-written request (HandRequest): one Mutex, ends inline",
        target: .nanosecondsOver(atMost: 2_000, stretchRatio: 3)
    ) { settings throws(BenchFailure) in
        try checkRequests()
        let app = ServerAppContainer()
        let hand = HandServerApp()
        let figures = compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { NumberSink.consume(try await serveRequest(on: app)) }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { NumberSink.consume(try await serveRequest(on: hand)) }
            },
            settings: settings)
        try checkSettled(app, hand, requests: nil)
        return figures
    }

    /// The same lifecycle with 64 requests in flight, wall time ÷ requests.
    ///
    /// A task group starts a request whenever one ends.
    static let request64 = BenchCase(
        name: "request-64", title: "request, 64 in flight (wall time ÷ requests)",
        unit: "ns/op", baseline: "hand-written request (HandRequest), 64 in flight",
        target: .nanosecondsOver(atMost: 2_000, stretchRatio: 3)
    ) { settings throws(BenchFailure) in
        try checkRequests()
        let app = ServerAppContainer()
        let hand = HandServerApp()
        let figures = compare(
            asyncTimedLoop { iterations in
                try await inFlight(64, total: iterations) { try await serveRequest(on: app) }
            },
            asyncTimedLoop { iterations in
                try await inFlight(64, total: iterations) { try await serveRequest(on: hand) }
            },
            settings: settings)
        try checkSettled(app, hand, requests: nil)
        return figures
    }

    /// Checks that a request's lifecycle does what it promises, on both sides: one lease per
    /// request, given back at the end; the end hook run; nothing left in the tree; a
    /// resolution after the end fails.
    static func checkRequests() throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            let app = ServerAppContainer()
            let pool = app.pool()
            let metrics = app.metrics()
            let request = try await checking("making a request") {
                try RequestContainer(parent: app)
            }
            _ = try await checking("handling a request") { try await handle(request) }
            // Identities only: holding the lease would make it a survivor of the end.
            let lease = try await checking("resolving the lease again") {
                ObjectIdentifier(try await request.lease.resolve())
            }
            let again = try await checking("resolving the lease a third time") {
                ObjectIdentifier(try await request.lease.resolve())
            }
            try check(lease == again, "a request's lease changed identity")
            try check(
                request.tree.instances.count == 4,
                "a request holds \(request.tree.instances), not 4 instances")
            try check(await pool.outstanding == 1, "a request did not lease one connection")
            let report = await request.endAndWait()
            try check(
                report.watched.isEmpty && report.overran.isEmpty,
                "a request's endAndWait left work or survivors: \(report)")
            try check(await pool.outstanding == 0, "the request's end did not give its lease back")
            try check(await metrics.recorded == 1, "the request's async end hook did not run")
            try check(!request.isActive, "an ended request is still active")
            let tree = request.tree
            try check(
                tree.instances.isEmpty && tree.children.isEmpty,
                "an ended request's tree is not empty: \(tree)")
            do {
                _ = try await request.lease.resolve()
                throw BenchFailure("an ended request still resolved its lease")
            } catch StrataError.ended {
            } catch {
                throw BenchFailure("an ended request threw \(error) instead of .ended")
            }
            let requests = 100
            for _ in 0..<requests {
                _ = try await checking("serving a request") { try await serveRequest(on: app) }
            }
            try await checking("64 requests in flight") {
                try await inFlight(64, total: requests) { try await serveRequest(on: app) }
            }
            let counts = await pool.counts
            try check(
                counts.outstanding == 0 && counts.leased == 2 * requests + 1,
                "the requests leased \(counts.leased) connections and kept "
                    + "\(counts.outstanding), not \(2 * requests + 1) and none")
            let recorded = await metrics.recorded
            try check(
                recorded == 2 * requests + 1,
                "\(2 * requests + 1) requests recorded \(recorded) ends")
            try check(app.tree.children.isEmpty, "ended requests are still in the app's tree")

            let hand = HandServerApp()
            let handRequest = HandRequest(app: hand)
            _ = try await checking("handling a hand-written request") {
                try await handle(handRequest)
            }
            let handLease = try await checking("the hand-written lease") {
                try await handRequest.lease()
            }
            try check(
                handLease === (try? await handRequest.lease()),
                "the hand-written request's lease changed identity")
            try check(await hand.pool.outstanding == 1, "a hand-written request leased twice")
            await handRequest.end()
            let handRecorded = await hand.metrics.recorded
            try check(
                await hand.pool.outstanding == 0 && handRecorded == 1,
                "the hand-written request's end did not give its lease back and record")
            try check(
                !handRequest.isActive && handRequest.isEmpty,
                "an ended hand-written request still holds what it made")
        }
    }

    /// Checks, after a case's loops, that every lease is back and every request recorded:
    /// `requests` of them on each side, when the count is known.
    static func checkSettled(
        _ app: ServerAppContainer, _ hand: HandServerApp, requests: Int?
    ) throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            let pool = app.pool()
            let outstanding = await pool.settled()
            try check(outstanding == 0, "\(outstanding) leases were not given back")
            let handOutstanding = await hand.pool.settled()
            try check(
                handOutstanding == 0,
                "\(handOutstanding) hand-written leases were not given back")
            let (returned, handReturned) = (await pool.returned, await hand.pool.returned)
            let recorded = await app.metrics().recorded
            let handRecorded = await hand.metrics.recorded
            try check(
                recorded == returned && handRecorded == handReturned,
                "\(returned) and \(handReturned) requests recorded \(recorded) and "
                    + "\(handRecorded) ends")
            if let requests {
                try check(
                    returned == requests && handReturned == requests,
                    "the requests were \(returned) and \(handReturned), not \(requests) on "
                        + "each side")
            }
            try check(app.tree.children.isEmpty, "ended requests are still in the app's tree")
        }
    }
}
