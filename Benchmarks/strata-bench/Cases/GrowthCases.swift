import Strata

extension BenchCase {
    /// Resolving cached `shared` instances from a container that holds 10,000 of them,
    /// against one that holds 10.
    static let providerGrowth = BenchCase(
        name: "providers-growth", title: "resolve: 10,000 vs 10 providers", unit: "ns/op",
        baseline: "Strata, the same resolves from a container holding 10 instances",
        target: .ratio(atMost: 1.25)
    ) { settings throws(BenchFailure) in
        // Both containers resolve the same ten providers, spread over the declarations; the
        // large one resolves all the others too.
        let probes = 10
        let small = WideContainer()
        _ = resolveProbes(of: small, sink: Sink())(1)
        let large = WideContainer()
        var identities = Set<ObjectIdentifier>()
        for provider in large.allProviders {
            identities.insert(ObjectIdentifier(try provider.checked()))
        }
        try check(
            identities.count == WideContainer.providerCount,
            "\(WideContainer.providerCount) declarations made \(identities.count) instances")
        try check(
            large.tree.instances.count == WideContainer.providerCount
                && small.tree.instances.count == probes,
            "the containers do not hold one instance per resolved provider")
        let figures = compare(
            resolveProbes(of: large, sink: Sink()), resolveProbes(of: small, sink: Sink()),
            settings: settings)
        return Comparison(
            strata: figures.strata.scaled(by: 1 / Double(probes)),
            baseline: figures.baseline.scaled(by: 1 / Double(probes)))
    }

    /// A loop that resolves the ten probed providers once per iteration.
    private static func resolveProbes(of container: WideContainer, sink: Sink) -> TimedLoop {
        timedLoop { iterations in
            for _ in 0..<iterations {
                sink.blackHole(container.provider(0)())
                sink.blackHole(container.provider(1_000)())
                sink.blackHole(container.provider(2_000)())
                sink.blackHole(container.provider(3_000)())
                sink.blackHole(container.provider(4_000)())
                sink.blackHole(container.provider(5_000)())
                sink.blackHole(container.provider(6_000)())
                sink.blackHole(container.provider(7_000)())
                sink.blackHole(container.provider(8_000)())
                sink.blackHole(container.provider(9_000)())
            }
        }
    }

    /// Reading the app's cached `shared` from an interaction four tiers below it, against
    /// one tier below it; each tier re-exposes its parent's provider.
    static let tierGrowth = BenchCase(
        name: "tiers-growth", title: "resolve: through 4 vs 1 tiers", unit: "ns/op",
        baseline: "Strata, the same resolve through 1 tier",
        target: .nanosecondsPerTier(atMost: 10, extraTiers: 3)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let near = NearLeafContainer(parent: app)
        let deep = DeepLeafContainer(under: app)
        let client = try app.apiClient.checked()
        let nearClient = try near.apiClient.checked()
        let deepClient = try deep.apiClient.checked()
        try check(
            nearClient === client && deepClient === client,
            "a leaf saw another apiClient than the app's")
        let nearSink = Sink()
        let deepSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { deepSink.blackHole(deep.apiClient()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { nearSink.blackHole(near.apiClient()) }
            },
            settings: settings)
        try check(
            deepSink.holdsOnly(client) && nearSink.holdsOnly(client),
            "the app's shared apiClient changed identity")
        return figures
    }
}

extension Figure {
    /// The same figure with every sample multiplied by `factor`.
    func scaled(by factor: Double) -> Figure {
        Figure(samples: samples.map { $0 * factor }, iterations: iterations)
    }
}
