import Strata

// Cached reads of a container shaped like an app's: which of its 30 providers is read, and
// whether its factory reads the container, should not change what a read costs.

extension BenchCase {
    /// The 1st instance a 30-provider container stored, its factory plain.
    static let position1stPlain = BenchCase(
        name: "position-1st", title: "cached shared, 1st of 30", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedPlainFirst()
        let hand = HandAppContainer()
        let expected = try container.plain1.checked()
        let handExpected = hand.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.plain1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the plain1 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 2nd instance a 30-provider container stored, its factory plain.
    static let position2ndPlain = BenchCase(
        name: "position-2nd", title: "cached shared, 2nd of 30", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedWiredFirst()
        let hand = HandAppContainer()
        let expected = try container.plain1.checked()
        let handExpected = hand.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.plain1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the plain1 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 10th instance a 30-provider container stored, its factory plain.
    static let position10thPlain = BenchCase(
        name: "position-10th", title: "cached shared, 10th of 30", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedWiredFirst()
        let hand = HandAppContainer()
        let expected = try container.plain5.checked()
        let handExpected = hand.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.plain5()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the plain5 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 30th instance a 30-provider container stored, its factory plain.
    static let position30thPlain = BenchCase(
        name: "position-30th", title: "cached shared, 30th of 30", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedWiredFirst()
        let hand = HandAppContainer()
        let expected = try container.plain15.checked()
        let handExpected = hand.apiClient
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.plain15()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.apiClient) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the plain15 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 1st instance a 30-provider container stored, its factory reading the container.
    static let position1stCapturing = BenchCase(
        name: "position-1st-capturing", title: "cached shared, 1st of 30, factory reads container",
        unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton built from another", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedWiredFirst()
        let hand = HandAppContainer()
        let expected = try container.wired1.checked()
        let handExpected = hand.profile
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.wired1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.profile) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the wired1 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 2nd instance a 30-provider container stored, its factory reading the container.
    static let position2ndCapturing = BenchCase(
        name: "position-2nd-capturing", title: "cached shared, 2nd of 30, factory reads container",
        unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton built from another", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedPlainFirst()
        let hand = HandAppContainer()
        let expected = try container.wired1.checked()
        let handExpected = hand.profile
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.wired1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.profile) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the wired1 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 10th instance a 30-provider container stored, its factory reading the container.
    static let position10thCapturing = BenchCase(
        name: "position-10th-capturing",
        title: "cached shared, 10th of 30, factory reads container", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton built from another", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedPlainFirst()
        let hand = HandAppContainer()
        let expected = try container.wired5.checked()
        let handExpected = hand.profile
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.wired5()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.profile) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the wired5 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }

    /// The 30th instance a 30-provider container stored, its factory reading the container.
    static let position30thCapturing = BenchCase(
        name: "position-30th-capturing",
        title: "cached shared, 30th of 30, factory reads container", unit: "ns/op",
        baseline: "Mutex-guarded lazy singleton built from another", target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedPlainFirst()
        let hand = HandAppContainer()
        let expected = try container.wired15.checked()
        let handExpected = hand.profile
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations { strataSink.blackHole(container.wired15()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { handSink.blackHole(hand.profile) }
            },
            settings: settings)
        try check(strataSink.holdsOnly(expected), "the wired15 changed identity")
        try check(handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
        return figures
    }
}

extension BenchCase {
    /// The slowest of the 2nd, 10th and 30th providers of a 30-provider container against
    /// its 1st, factories plain: each measured against the 1st in the same run, the
    /// comparison with the largest ratio reported.
    static let positionSpreadPlain = BenchCase(
        name: "position-spread", title: "worst of 2nd/10th/30th vs 1st", unit: "ns/op",
        baseline: "Strata, the 1st provider of the same container", target: .ratio(atMost: 1.25)
    ) { settings throws(BenchFailure) in
        let plainFirst = try ThirtyContainer.resolvedPlainFirst()
        let wiredFirst = try ThirtyContainer.resolvedWiredFirst()
        let sink = Sink()
        let first = timedLoop { iterations in
            for _ in 0..<iterations { sink.blackHole(plainFirst.plain1()) }
        }
        let others = [
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(wiredFirst.plain1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(wiredFirst.plain5()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(wiredFirst.plain15()) }
            },
        ]
        return worstAgainst(first, others, settings: settings)
    }

    /// The slowest of the 2nd, 10th and 30th providers of a 30-provider container against
    /// its 1st, factories reading the container: each measured against the 1st in the same run, the
    /// comparison with the largest ratio reported.
    static let positionSpreadCapturing = BenchCase(
        name: "position-spread-capturing", title: "worst of 2nd/10th/30th vs 1st, capturing",
        unit: "ns/op",
        baseline: "Strata, the 1st provider of the same container", target: .ratio(atMost: 1.25)
    ) { settings throws(BenchFailure) in
        let plainFirst = try ThirtyContainer.resolvedPlainFirst()
        let wiredFirst = try ThirtyContainer.resolvedWiredFirst()
        let sink = Sink()
        let first = timedLoop { iterations in
            for _ in 0..<iterations { sink.blackHole(wiredFirst.wired1()) }
        }
        let others = [
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(plainFirst.wired1()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(plainFirst.wired5()) }
            },
            timedLoop { iterations in
                for _ in 0..<iterations { sink.blackHole(plainFirst.wired15()) }
            },
        ]
        return worstAgainst(first, others, settings: settings)
    }

    /// Compares each of `others` with `first`, each in a third of the time, and returns the
    /// comparison with the largest ratio.
    private static func worstAgainst(
        _ first: @escaping TimedLoop, _ others: [TimedLoop], settings: MeasureSettings
    ) -> Comparison {
        var short = settings
        short.seconds /= Double(others.count)
        let comparisons = others.map { compare($0, first, settings: short) }
        return comparisons.max {
            $0.strata.median / $0.baseline.median < $1.strata.median / $1.baseline.median
        }!
    }
}
