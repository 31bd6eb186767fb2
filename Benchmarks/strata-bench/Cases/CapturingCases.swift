import Strata

// The cases of ResolveCases and LifecycleCases again, with factories that read their
// container. Forming such a factory forms a closure context, on every access to the
// provider, even when the instance is cached: these cases hold Strata to its targets for the
// providers apps write, not only for `shared { APIClient() }`.

extension BenchCase {
    /// A cached `shared` whose factory reads its container, against a Mutex-guarded lazy
    /// singleton built from another.
    static let sharedCapturing = BenchCase(
        name: "shared-capturing", title: "cached shared, factory reads its container",
        unit: "ns/op", baseline: "Mutex-guarded lazy singleton built from another",
        target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        let profile = try app.profile.checked()
        try check(profile.api === app.apiClient(), "the profile was built from another client")
        let handProfile = hand.profile
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(app.profile()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.profile) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(profile), "Strata's shared profile changed identity")
        try check(handSink.holdsOnly(handProfile), "the hand-written profile changed identity")
        return figures
    }

    /// The interaction lifecycle with a factory that reads the parent.
    static let interactionCapturing = BenchCase(
        name: "interaction-capturing", title: "child lifecycle, factory reads parent",
        unit: "ns/op", baseline: "hand-written child whose lazy var reads its parent",
        target: .ratio(atMost: 8)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        let client = try app.apiClient.checked()
        let probe = FormContainer(parent: app)
        try check(probe.summary().api === client, "the summary was built from another client")
        try check(probe.end().watched.isEmpty, "end() left the summary alive")
        return try childLifecycle(
            under: app, { $0.summary() }, against: hand, { $0.summary }, settings: settings)
    }
}
