import Strata

extension BenchCase {
    /// Create an interaction container, resolve its one `shared`, end it and release it,
    /// against a hand-written child that is forced onto the heap.
    static let interactionLifecycle = BenchCase(
        name: "interaction", title: "child: create, resolve, end, release", unit: "ns/op",
        baseline: "hand-written child with a lazy var, on the heap", target: .ratio(atMost: 8),
        floor: "interaction-floor"
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = HandAppContainer()
        try checkInteraction(under: app)
        return try childLifecycle(
            under: app, { $0.draft() }, against: hand, { $0.draft }, settings: settings)
    }

    /// The same lifecycle for ``GuardedContainer``, the least a hand-written child needs to
    /// keep Strata's lifecycle guarantees, against the same baseline: whether the target lies
    /// above what those guarantees cost.
    static let interactionFloor = BenchCase(
        name: "interaction-floor",
        title: "child lifecycle, hand-written with the guarantees (floor)", unit: "ns/op",
        baseline: "hand-written child with a lazy var, on the heap", target: .ratio(atMost: 8)
    ) { settings throws(BenchFailure) in
        try checkGuarded()
        let app = GuardedAppContainer()
        return lifecycle(
            of: { GuardedFormContainer(parent: app) }, { $0.draft }, end: { $0.end() },
            against: HandAppContainer(), { $0.draft }, settings: settings)
    }

    /// Checks that a guarded child keeps the guarantees it stands for: one instance, made
    /// once; none after the end; ended by its parent's end.
    private static func checkGuarded() throws(BenchFailure) {
        let app = GuardedAppContainer()
        let form = GuardedFormContainer(parent: app)
        let draft = ObjectIdentifier(form.draft)
        try check(draft == ObjectIdentifier(form.draft), "a guarded form's draft changed identity")
        form.end()
        try check(form.instance == nil, "an ended guarded form still holds its draft")
        try check(form.shared { FormDraft() } == nil, "an ended guarded form made a draft")
        let live = GuardedFormContainer(parent: app)
        _ = live.draft
        app.end()
        try check(live.instance == nil, "the parent's end did not end its live child")
    }

    /// Times children of `app` made, resolved once with `resolve`, ended and released, against
    /// hand-written children of `hand` made, read once with `read` and released.
    static func childLifecycle(
        under app: BenchAppContainer, _ resolve: @escaping (FormContainer) -> AnyObject,
        against hand: HandAppContainer, _ read: @escaping (HandFormContainer) -> AnyObject,
        settings: MeasureSettings
    ) throws(BenchFailure) -> Comparison {
        let figures = lifecycle(
            of: { FormContainer(parent: app) }, resolve, end: { _ = $0.end() },
            against: hand, read, settings: settings)
        try check(app.tree.children.isEmpty, "ended and released children are still in the tree")
        return figures
    }

    /// Times children made by `make`, resolved once with `resolve`, ended with `end` and
    /// released, against hand-written children of `hand` made, read once with `read` and
    /// released.
    static func lifecycle<Child: AnyObject>(
        of make: @escaping () -> Child, _ resolve: @escaping (Child) -> AnyObject,
        end: @escaping (Child) -> Void,
        against hand: HandAppContainer, _ read: @escaping (HandFormContainer) -> AnyObject,
        settings: MeasureSettings
    ) -> Comparison {
        let childSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop(lifecycleLoop(of: make, resolve, end: end, sink: childSink)),
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let form = HandFormContainer(parent: hand)
                    handSink.blackHole(read(form))
                    handSink.keep(form)
                }
            },
            settings: settings)
        childSink.drop()
        handSink.drop()
        return figures
    }

    /// A loop that makes `iterations` children with `make`, resolves each once with
    /// `resolve`, ends it with `end` and releases it, keeping the last in `sink`: the loop
    /// the lifecycle cases time and the allocation case counts.
    static func lifecycleLoop<Child: AnyObject>(
        of make: @escaping () -> Child, _ resolve: @escaping (Child) -> AnyObject,
        end: @escaping (Child) -> Void, sink: Sink
    ) -> (_ iterations: Int) -> Void {
        { iterations in
            for _ in 0..<iterations {
                let child = make()
                sink.blackHole(resolve(child))
                end(child)
                sink.keep(child)
            }
        }
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
        try check(report.watched.isEmpty, "end() left survivors: \(report)")
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
        // In smoke mode the large container holds 1,000 instances; with `--iterations N`, N
        // (and the small side at least one container).
        let total = max(10, settings.isSmoke ? 1_000 : settings.exactIterations ?? 100_000)
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
                report.ended.count == 1 && report.watched.isEmpty,
                "end() did not end exactly one container without survivors: \(report)")
        }
        try check(forms.allSatisfy { !$0.isActive }, "an ended container is still active")
        return elapsed / Double(containers * instancesEach)
    }
}
