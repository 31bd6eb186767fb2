import Strata

extension BenchCase {
    /// A cached `shared` resolved from the root container, against the Mutex-guarded lazy
    /// singleton.
    static let sharedFromRoot = BenchCase(
        name: "shared-root", title: "cached shared, from the root", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        let client = try app.apiClient.checked()
        let handClient = hand.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(app.apiClient()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(client), "Strata's shared apiClient changed identity")
        try check(handSink.holdsOnly(handClient), "the hand-written singleton changed identity")
        return figures
    }

    /// A child container reading its parent's cached `shared`, against a hand-written child
    /// reading its parent's Mutex-guarded lazy singleton.
    static let sharedFromChild = BenchCase(
        name: "shared-child", title: "cached shared, child reads parent's", unit: "ns/op",
        baseline: "hand-written child reads its parent's Mutex-guarded singleton",
        target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let form = app.makeFormContainer()
        let hand = HandAppContainer()
        let handForm = hand.makeFormContainer()
        let client = try form.parent.apiClient.checked()
        try check(client === app.apiClient(), "the child saw another apiClient than the root")
        let handClient = handForm.parent.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(form.parent.apiClient()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(handForm.parent.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(client), "the parent's shared apiClient changed identity")
        try check(handSink.holdsOnly(handClient), "the hand-written singleton changed identity")
        return figures
    }

    /// A `unique` with three `unique` dependencies, against hand-written factory methods.
    static let uniqueWithDependencies = BenchCase(
        name: "unique-3-deps", title: "unique with 3 unique deps", unit: "ns/op",
        baseline: "hand-written factory methods", target: .ratio(atMost: 1.5)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        let first = try app.formViewModel.checked()
        let second = try app.formViewModel.checked()
        try check(
            first !== second && first.validator !== second.validator
                && first.formatter !== second.formatter && first.autosaver !== second.autosaver,
            "a unique provider returned an instance it had returned before")
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.keep(app.formViewModel()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.keep(hand.makeFormViewModel()) }
            },
            settings: settings)
        strataSink.drop()
        handSink.drop()
        return figures
    }
}
