import Strata

extension BenchCase {
    /// Two threads resolving one cached `shared`, against two threads reading a stored
    /// `let`.
    static let twoThreads = BenchCase(
        name: "two-threads", title: "2 threads resolve one shared", unit: "ns/op",
        baseline: "hand-written stored let read by 2 threads (two-threads-mutex is the floor)",
        target: .ratio(atMost: 5), floor: "two-threads-mutex"
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

    /// Two threads reading the hand-written Mutex-guarded singleton, against the same stored
    /// `let`: what any lazily made instance behind a lock costs when two cores contend for it.
    ///
    /// Its target is the Strata case's, to show where the machine's floor lies: the lock's
    /// cache line bounces between the cores on every read, whoever takes it.
    static let twoThreadsFloor = BenchCase(
        name: "two-threads-mutex", title: "2 threads read a Mutex singleton (floor)",
        unit: "ns/op", baseline: "hand-written stored let read by 2 threads",
        target: .ratio(atMost: 5)
    ) { settings throws(BenchFailure) in
        let hand = HandAppContainer()
        let client = hand.apiClient
        let (_, sinks) = TwoThreads.run(iterations: 1_000) { iterations, sink in
            for _ in 0..<iterations { sink.blackHole(hand.apiClient) }
        }
        try check(
            sinks.allSatisfy { $0.holdsOnly(client) }, "the Mutex singleton changed identity")
        return compare(
            TwoThreads.timedLoop { iterations, sink in
                for _ in 0..<iterations { sink.blackHole(hand.apiClient) }
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
