import Strata

// Cached reads of a container shaped like an app's: which of its 30 providers is read, and
// whether its factory reads the container, should not change what a read costs.

extension BenchCase {
    /// The 1st instance a 30-provider container stored, its factory plain.
    static let position1stPlain = position(
        name: "position-1st", title: "cached shared, 1st of 30",
        baseline: "Mutex-guarded lazy singleton",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedPlainFirst() }, \.plain1,
        read: { $0.plain1() }, against: { $0.apiClient })

    /// The 2nd instance a 30-provider container stored, its factory plain.
    static let position2ndPlain = position(
        name: "position-2nd", title: "cached shared, 2nd of 30",
        baseline: "Mutex-guarded lazy singleton",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedWiredFirst() }, \.plain1,
        read: { $0.plain1() }, against: { $0.apiClient })

    /// The 10th instance a 30-provider container stored, its factory plain.
    static let position10thPlain = position(
        name: "position-10th", title: "cached shared, 10th of 30",
        baseline: "Mutex-guarded lazy singleton",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedWiredFirst() }, \.plain5,
        read: { $0.plain5() }, against: { $0.apiClient })

    /// The 30th instance a 30-provider container stored, its factory plain.
    static let position30thPlain = position(
        name: "position-30th", title: "cached shared, 30th of 30",
        baseline: "Mutex-guarded lazy singleton",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedWiredFirst() }, \.plain15,
        read: { $0.plain15() }, against: { $0.apiClient })

    /// The 1st instance a 30-provider container stored, its factory reading the container.
    static let position1stCapturing = position(
        name: "position-1st-capturing", title: "cached shared, 1st of 30, factory reads container",
        baseline: "Mutex-guarded lazy singleton built from another",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedWiredFirst() }, \.wired1,
        read: { $0.wired1() }, against: { $0.profile })

    /// The 2nd instance a 30-provider container stored, its factory reading the container.
    static let position2ndCapturing = position(
        name: "position-2nd-capturing", title: "cached shared, 2nd of 30, factory reads container",
        baseline: "Mutex-guarded lazy singleton built from another",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedPlainFirst() }, \.wired1,
        read: { $0.wired1() }, against: { $0.profile })

    /// The 10th instance a 30-provider container stored, its factory reading the container.
    static let position10thCapturing = position(
        name: "position-10th-capturing",
        title: "cached shared, 10th of 30, factory reads container",
        baseline: "Mutex-guarded lazy singleton built from another",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedPlainFirst() }, \.wired5,
        read: { $0.wired5() }, against: { $0.profile })

    /// The 30th instance a 30-provider container stored, its factory reading the container.
    static let position30thCapturing = position(
        name: "position-30th-capturing",
        title: "cached shared, 30th of 30, factory reads container",
        baseline: "Mutex-guarded lazy singleton built from another",
        in: { () throws(BenchFailure) in try ThirtyContainer.resolvedPlainFirst() }, \.wired15,
        read: { $0.wired15() }, against: { $0.profile })

    /// One cached read of `provider` from a 30-provider container `make` resolves, against a
    /// hand-written singleton that `handRead` reads: the shape of every position case.
    ///
    /// Inlined, so that each case's loops call its provider directly, as the cases written out
    /// one by one did.
    @inline(__always)
    private static func position(
        name: String, title: String, baseline: String,
        in make: @escaping @Sendable () throws(BenchFailure) -> ThirtyContainer,
        _ provider: any KeyPath<ThirtyContainer, Provider<some AnyObject>> & Sendable,
        read: @escaping @Sendable (ThirtyContainer) -> AnyObject,
        against handRead: @escaping @Sendable (HandAppContainer) -> AnyObject
    ) -> BenchCase {
        BenchCase(
            name: name, title: title, unit: "ns/op", baseline: baseline,
            target: .ratio(atMost: 2.5)
        ) { settings throws(BenchFailure) in
            let container = try make()
            let hand = HandAppContainer()
            let expected = try container[keyPath: provider].checked()
            let handExpected = handRead(hand)
            let strataSink = Sink()
            let handSink = Sink()
            let figures = compare(
                timedLoop { iterations in
                    for _ in 0..<iterations { strataSink.blackHole(read(container)) }
                },
                timedLoop { iterations in
                    for _ in 0..<iterations { handSink.blackHole(handRead(hand)) }
                },
                settings: settings)
            try check(strataSink.holdsOnly(expected), "the \(name) instance changed identity")
            try check(
                handSink.holdsOnly(handExpected), "the hand-written singleton changed identity")
            return figures
        }
    }

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
