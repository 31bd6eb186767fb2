import Strata

extension BenchCase {
    /// Two threads resolving one cached `shared`, against two threads reading a stored
    /// `let`.
    static let twoThreads = BenchCase(
        name: "two-threads", title: "2 threads resolve one shared", unit: "ns/op",
        baseline: "hand-written stored let read by 2 threads", target: .ratio(atMost: 5)
    ) { settings throws(BenchFailure) in
        try checkExactlyOnce(iterations: settings.isSmoke ? 1_000 : 100_000)
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        _ = try app.apiClient.checked()
        return compare(
            TwoThreads.timedLoop { iterations, sink in
                for _ in 0..<iterations { sink.blackHole(app.apiClient()) }
            },
            TwoThreads.timedLoop { iterations, sink in
                for _ in 0..<iterations { sink.blackHole(hand.settings) }
            },
            settings: settings)
    }

    /// Two threads resolve a `shared` that nobody has made yet: both must get the one
    /// instance, made once, every time.
    private static func checkExactlyOnce(iterations: Int) throws(BenchFailure) {
        let app = BenchAppContainer()
        let (_, sinks) = TwoThreads.run(iterations: iterations) { iterations, sink in
            for _ in 0..<iterations { sink.blackHole(app.apiClient()) }
        }
        let client = try app.apiClient.checked()
        try check(
            sinks.allSatisfy { $0.holdsOnly(client) },
            "two threads resolving one shared got different instances")
        try check(
            app.tree.instances == ["apiClient: APIClient"],
            "the app container holds \(app.tree.instances), not one apiClient")
    }
}
