import Strata

extension BenchCase {
    /// A child's eight async end hooks, each an actor call, awaited by `endAndWait`, against
    /// the same eight calls awaited in one bare `Task { }` beside a child ended with `end()`:
    /// what Strata's async end work costs, whatever the number of hooks, against the task it
    /// needs so that the caller's cancellation cannot reach them.
    static let asyncEndWork = BenchCase(
        name: "async-end-work",
        title: "8 async end hooks awaited by endAndWait (vs one bare Task { } doing the same)",
        unit: "ns/op",
        baseline: "child ended with end(), then the 8 actor calls in one awaited Task { }",
        target: .ratio(atMost: 2)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        let metrics = app.metrics()
        try runBlocking { () async throws(BenchFailure) in
            let before = await metrics.recorded
            let request = try await checking("making a request") {
                try RequestContainer(parent: app)
            }
            for _ in 0..<8 { request.onEnd { _ in await metrics.record() } }
            let report = await request.endAndWait()
            try check(report.overran.isEmpty, "an async hook overran: \(report)")
            let recorded = await metrics.recorded
            try check(recorded == before + 8, "the 8 async hooks did not all run")
        }
        let hooksSink = Sink()
        let taskSink = Sink()
        return compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    hooksSink.blackHole(request.context())
                    for _ in 0..<8 { request.onEnd { _ in await metrics.record() } }
                    await request.endAndWait()
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
}
