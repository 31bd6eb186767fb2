import Strata

extension BenchCase {
    /// Heap allocations per child lifecycle — the loop the interaction case times — against
    /// the same lifecycle of the hand-written child that keeps Strata's lifecycle guarantees
    /// (``GuardedContainer``), counted in the same run.
    ///
    /// The target is 1.5× that floor. Counts do not vary from run to run, so the limit can sit
    /// just above what was measured when it was set (Strata 4, the floor 3: 1.33×) and fail
    /// at the first extra allocation per lifecycle (5, 1.67×). Both sides allocate the
    /// container and its one instance; Strata adds its scope's core and handle, the floor the
    /// side table of the weak reference its parent keeps to it.
    static let allocationsPerLifecycle = BenchCase(
        name: "allocations", title: "heap allocations per child lifecycle", unit: "allocs/op",
        baseline: "hand-written child with the guarantees (the floor)",
        target: .ratio(atMost: 1.5), isCount: true
    ) { settings throws(BenchFailure) in
        guard HeapAllocations.isAvailable else {
            throw .unsupported(
                "not counted: allocations are counted by replacing glibc's malloc, "
                    + "Linux without a sanitizer only")
        }
        try HeapAllocations.selfCheck()
        let app = BenchAppContainer()
        let guardedApp = GuardedAppContainer()
        let strataSink = Sink()
        let floorSink = Sink()
        let strata = lifecycleLoop(
            of: { FormContainer(parent: app) }, { $0.draft() }, end: { _ = $0.end() },
            sink: strataSink)
        let floor = lifecycleLoop(
            of: { GuardedFormContainer(parent: guardedApp) }, { $0.draft }, end: { $0.end() },
            sink: floorSink)
        let figures = try compareAllocations(
            strata, strataSink, floor, floorSink, settings: settings)
        try check(app.tree.children.isEmpty, "ended and released children are still in the tree")
        return figures
    }

    /// Lifecycles counted per loop: enough that what happens once in a while (an array
    /// growing) shows as a fraction, not as a lifecycle's cost; `--iterations` sets it.
    static func countedLifecycles(_ settings: MeasureSettings) -> Int {
        settings.exactIterations ?? 10_000
    }

    /// Lifecycles run before counting, as the timed cases' calibration does: what happens
    /// once per process (metadata, caches) is not a lifecycle's cost.
    static let uncountedLifecycles = 100

    /// Counts the allocations of `loop` and of `floor`, alternating which goes first, and
    /// checks that each frees what it allocates.
    private static func compareAllocations(
        _ loop: (Int) -> Void, _ sink: Sink, _ floor: (Int) -> Void, _ floorSink: Sink,
        settings: MeasureSettings
    ) throws(BenchFailure) -> Comparison {
        loop(uncountedLifecycles)
        floor(uncountedLifecycles)
        let lifecycles = countedLifecycles(settings)
        var measured: [Double] = []
        var baseline: [Double] = []
        for repetition in 0..<settings.repetitions {
            for turn in 0..<2 {
                if (turn == 0) == (repetition % 2 == 0) {
                    measured.append(
                        try allocations(of: loop, sink, lifecycles: lifecycles, side: "Strata"))
                } else {
                    baseline.append(
                        try allocations(
                            of: floor, floorSink, lifecycles: lifecycles, side: "the floor"))
                }
            }
        }
        return Comparison(
            strata: Figure(samples: measured, iterations: lifecycles),
            baseline: Figure(samples: baseline, iterations: lifecycles))
    }

    /// Allocations per lifecycle of `loop` over `lifecycles`, with the last child, which
    /// `sink` keeps, released inside the count.
    private static func allocations(
        of loop: (Int) -> Void, _ sink: Sink, lifecycles: Int, side: String
    ) throws(BenchFailure) -> Double {
        let counted = HeapAllocations.count {
            loop(lifecycles)
            sink.drop()
        }
        // A lifecycle that kept memory would leave an allocation without its free each time.
        try check(
            counted.allocations - counted.frees < max(1, lifecycles / 100),
            "\(side): \(counted.allocations) allocations but \(counted.frees) frees in "
                + "\(lifecycles) child lifecycles: lifecycles keep memory")
        return Double(counted.allocations) / Double(lifecycles)
    }
}
