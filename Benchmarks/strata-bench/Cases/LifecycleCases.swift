import Strata

extension BenchCase {
    /// Create an interaction container, resolve its one `shared`, end it and release it,
    /// against a hand-written child that is forced onto the heap.
    static let interactionLifecycle = BenchCase(
        name: "interaction", title: "child: create, resolve, end, release", unit: "ns/op",
        baseline: "hand-written child with a lazy var, on the heap", target: .ratio(atMost: 8)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        try checkInteraction(under: app)
        return try childLifecycle(
            under: app, { $0.draft() }, against: hand, { $0.draft }, settings: settings)
    }

    /// Times children of `app` made, resolved once with `resolve`, ended and released, against
    /// hand-written children of `hand` made, read once with `read` and released.
    static func childLifecycle(
        under app: BenchAppContainer, _ resolve: @escaping (FormContainer) -> AnyObject,
        against hand: HandAppContainer, _ read: @escaping (HandFormContainer) -> AnyObject,
        settings: MeasureSettings
    ) throws(BenchFailure) -> Comparison {
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let form = FormContainer(parent: app)
                    strataSink.blackHole(resolve(form))
                    form.end()
                    strataSink.keep(form)
                }
            },
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let form = HandFormContainer(parent: hand)
                    handSink.blackHole(read(form))
                    handSink.keep(form)
                }
            },
            settings: settings)
        strataSink.drop()
        handSink.drop()
        try check(app.tree.children.isEmpty, "ended and released children are still in the tree")
        return figures
    }

    /// Checks one round of the interaction case: one instance per container, and no use
    /// after the end.
    private static func checkInteraction(under app: BenchAppContainer) throws(BenchFailure) {
        let form = FormContainer(parent: app)
        // Identities only: holding the draft would make it a survivor of end().
        let draft = ObjectIdentifier(try form.draft.checked())
        try check(
            draft == ObjectIdentifier(form.draft()),
            "an interaction's shared draft changed identity")
        let other = FormContainer(parent: app)
        try check(
            draft != ObjectIdentifier(other.draft()), "two interaction containers shared one draft")
        let report = form.end()
        try check(!form.isActive, "an ended container is still active")
        try check(report.survivors.isEmpty, "end() left survivors: \(report)")
        do {
            _ = try form.draft.resolve()
            throw BenchFailure("an ended container still resolved its draft")
        } catch StrataError.ended {
        } catch {
            throw BenchFailure("an ended container threw \(error) instead of .ended")
        }
    }

    /// end() of a container holding 100,000 instances against one holding 10, per instance.
    static let endGrowth = BenchCase(
        name: "end-growth", title: "end(): 100,000 vs 10 instances", unit: "ns/instance",
        baseline: "Strata, end() of containers holding 10 instances each",
        target: .ratio(atMost: 2)
    ) { settings throws(BenchFailure) in
        // In smoke mode the large container holds 1,000 instances.
        let total = settings.isSmoke ? 1_000 : 100_000
        var large: [Double] = []
        var small: [Double] = []
        for repetition in 0..<settings.repetitions {
            if repetition % 2 == 0 {
                large.append(try endTime(containers: 1, instancesEach: total))
                small.append(try endTime(containers: total / 10, instancesEach: 10))
            } else {
                small.append(try endTime(containers: total / 10, instancesEach: 10))
                large.append(try endTime(containers: 1, instancesEach: total))
            }
        }
        return Comparison(
            strata: Figure(samples: large, iterations: nil),
            baseline: Figure(samples: small, iterations: nil))
    }

    /// Nanoseconds per instance to end containers holding `instancesEach` instances each.
    ///
    /// Each of the `containers` interaction containers has its own app container above it,
    /// so that ending one does not pay for its siblings.
    private static func endTime(containers: Int, instancesEach: Int) throws(BenchFailure)
        -> Double
    {
        let forms = (0..<containers).map { _ in BenchAppContainer().makeFormContainer() }
        for form in forms {
            for index in 0..<instancesEach { _ = form.draft(at: index)() }
        }
        let start = monotonicNanoseconds()
        var reports: [EndReport] = []
        reports.reserveCapacity(containers)
        for form in forms { reports.append(form.end()) }
        let elapsed = Double(monotonicNanoseconds() - start)
        for report in reports {
            try check(
                report.ended.count == 1 && report.survivors.isEmpty,
                "end() did not end exactly one container without survivors: \(report)")
        }
        try check(forms.allSatisfy { !$0.isActive }, "an ended container is still active")
        return elapsed / Double(containers * instancesEach)
    }
}
