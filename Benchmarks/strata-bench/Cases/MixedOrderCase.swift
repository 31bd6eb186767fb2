import Strata

extension BenchCase {
    /// The 30 providers of a container read in a scrambled order, half of them with factories
    /// that read the container, against 30 Mutex-guarded lazy singletons read in the same
    /// order.
    static let mixedOrder = BenchCase(
        name: "mixed-30", title: "cached shared, 30 providers in mixed order", unit: "ns/op",
        baseline: "30 Mutex-guarded lazy singletons, read in the same order",
        target: .ratio(atMost: 2.5)
    ) { settings throws(BenchFailure) in
        let container = try ThirtyContainer.resolvedPlainFirst()
        let hand = HandThirtyContainer()
        let reads = ThirtyContainer.providerCount
        let once = Sink()
        let again = Sink()
        read(container, into: once)
        read(container, into: again)
        try check(once.total == again.total, "a second read returned other instances")
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations {
                    read(container, into: strataSink)
                }
            },
            timedLoop { iterations in
                for _ in 0..<iterations {
                    read(hand, into: handSink)
                }
            },
            settings: settings)
        try check(
            strataSink.count % reads == 0 && handSink.count % reads == 0,
            "a loop did not read every provider")
        return Comparison(
            strata: figures.strata.scaled(by: 1 / Double(reads)),
            baseline: figures.baseline.scaled(by: 1 / Double(reads)))
    }

    /// Reads every provider of `container` once, in a fixed scrambled order.
    @inline(__always)
    private static func read(_ container: ThirtyContainer, into sink: Sink) {
        sink.blackHole(container.wired15())
        sink.blackHole(container.wired4())
        sink.blackHole(container.plain11())
        sink.blackHole(container.plain12())
        sink.blackHole(container.wired13())
        sink.blackHole(container.plain6())
        sink.blackHole(container.plain8())
        sink.blackHole(container.wired8())
        sink.blackHole(container.plain14())
        sink.blackHole(container.wired2())
        sink.blackHole(container.wired9())
        sink.blackHole(container.wired1())
        sink.blackHole(container.plain4())
        sink.blackHole(container.wired7())
        sink.blackHole(container.wired14())
        sink.blackHole(container.plain15())
        sink.blackHole(container.plain3())
        sink.blackHole(container.plain5())
        sink.blackHole(container.wired10())
        sink.blackHole(container.plain13())
        sink.blackHole(container.plain2())
        sink.blackHole(container.plain9())
        sink.blackHole(container.plain7())
        sink.blackHole(container.wired6())
        sink.blackHole(container.wired12())
        sink.blackHole(container.plain1())
        sink.blackHole(container.wired5())
        sink.blackHole(container.plain10())
        sink.blackHole(container.wired11())
        sink.blackHole(container.wired3())
    }

    /// Reads every singleton of `hand` once, in the same order.
    @inline(__always)
    private static func read(_ hand: HandThirtyContainer, into sink: Sink) {
        sink.blackHole(hand.parts[29].value)
        sink.blackHole(hand.parts[18].value)
        sink.blackHole(hand.parts[10].value)
        sink.blackHole(hand.parts[11].value)
        sink.blackHole(hand.parts[27].value)
        sink.blackHole(hand.parts[5].value)
        sink.blackHole(hand.parts[7].value)
        sink.blackHole(hand.parts[22].value)
        sink.blackHole(hand.parts[13].value)
        sink.blackHole(hand.parts[16].value)
        sink.blackHole(hand.parts[23].value)
        sink.blackHole(hand.parts[15].value)
        sink.blackHole(hand.parts[3].value)
        sink.blackHole(hand.parts[21].value)
        sink.blackHole(hand.parts[28].value)
        sink.blackHole(hand.parts[14].value)
        sink.blackHole(hand.parts[2].value)
        sink.blackHole(hand.parts[4].value)
        sink.blackHole(hand.parts[24].value)
        sink.blackHole(hand.parts[12].value)
        sink.blackHole(hand.parts[1].value)
        sink.blackHole(hand.parts[8].value)
        sink.blackHole(hand.parts[6].value)
        sink.blackHole(hand.parts[20].value)
        sink.blackHole(hand.parts[26].value)
        sink.blackHole(hand.parts[0].value)
        sink.blackHole(hand.parts[19].value)
        sink.blackHole(hand.parts[9].value)
        sink.blackHole(hand.parts[25].value)
        sink.blackHole(hand.parts[17].value)
    }
}
