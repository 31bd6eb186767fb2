import Strata

extension BenchCase {
    /// Resident memory per live interaction container that holds one instance, against the
    /// hand-written child that keeps Strata's lifecycle guarantees (``GuardedContainer``),
    /// measured in the same run: at most twice that floor.
    static let memoryPerContainer = BenchCase(
        name: "memory", title: "memory per live child with 1 instance", unit: "B/container",
        baseline: "hand-written child with the guarantees (the floor)",
        target: .ratio(atMost: 2)
    ) { settings throws(BenchFailure) in
        try compareMemory(
            settings: settings,
            { count throws(BenchFailure) in try strataBytes(containers: count) },
            against: { count throws(BenchFailure) in try guardedBytes(containers: count) })
    }

    /// The same for ``GuardedContainer``, the least a hand-written child needs to keep Strata's
    /// lifecycle guarantees: whether the target lies above what those guarantees cost.
    static let memoryFloor = BenchCase(
        name: "memory-floor", title: "memory, hand-written with the guarantees (floor)",
        unit: "B/container", baseline: "hand-written child with a lazy var",
        target: .ratio(atMost: 4)
    ) { settings throws(BenchFailure) in
        try compareMemory(
            settings: settings,
            { count throws(BenchFailure) in try guardedBytes(containers: count) },
            against: { count in handWrittenBytes(containers: count) })
    }

    /// Measures `bytes` against `baselineBytes`, alternating which goes first.
    private static func compareMemory(
        settings: MeasureSettings, _ bytes: (Int) throws(BenchFailure) -> Double,
        against baselineBytes: (Int) throws(BenchFailure) -> Double
    ) throws(BenchFailure) -> Comparison {
        guard ResidentMemory.bytes() != nil else {
            throw .unsupported("resident memory is read from /proc/self/statm: Linux only")
        }
        // In smoke mode 1,000 containers: too few to measure, enough to check they work.
        let count = settings.isSmoke ? 1_000 : settings.exactIterations ?? 100_000
        var measured: [Double] = []
        var baseline: [Double] = []
        for repetition in 0..<settings.repetitions {
            if repetition % 2 == 0 {
                measured.append(try bytes(count))
                baseline.append(try baselineBytes(count))
            } else {
                baseline.append(try baselineBytes(count))
                measured.append(try bytes(count))
            }
        }
        return Comparison(
            strata: Figure(samples: measured, iterations: nil),
            baseline: Figure(samples: baseline, iterations: nil))
    }

    /// Resident bytes per live Strata interaction container holding one `shared` instance,
    /// all of them children of one app container.
    private static func strataBytes(containers count: Int) throws(BenchFailure) -> Double {
        let app = BenchAppContainer()
        let bytes: Double
        do {
            let (measured, forms) = liveChildren(count) {
                let form = FormContainer(parent: app)
                return (form, form.draft())
            }
            let children = app.tree.children
            try check(
                children.count == count
                    && children.allSatisfy { $0.instances == ["draft: FormDraft"] },
                "the app's children do not each hold one draft")
            let drafts = Set(forms.map { ObjectIdentifier($0.draft()) })
            try check(drafts.count == count, "children share drafts")
            try check(forms.allSatisfy(\.isActive), "not every child is live")
            bytes = measured
        }
        try check(app.tree.children.isEmpty, "released children are still in the tree")
        return bytes
    }

    /// Resident bytes per live ``GuardedFormContainer`` holding its draft.
    private static func guardedBytes(containers count: Int) throws(BenchFailure) -> Double {
        let app = GuardedAppContainer()
        let (bytes, forms) = liveChildren(count) {
            let form = GuardedFormContainer(parent: app)
            return (form, form.draft)
        }
        let drafts = Set(forms.compactMap { $0.instance.map(ObjectIdentifier.init) })
        try check(drafts.count == count, "guarded children share drafts, or hold none")
        withExtendedLifetime(forms) {}
        return bytes
    }

    /// Resident bytes per live hand-written child holding one lazy instance.
    private static func handWrittenBytes(containers count: Int) -> Double {
        let app = HandAppContainer()
        let (bytes, forms) = liveChildren(count) {
            let form = HandFormContainer(parent: app)
            return (form, form.draft)
        }
        withExtendedLifetime(forms) {}
        return bytes
    }

    /// Makes `count` children with `make`, which also returns the instance it made in each,
    /// and returns how much resident memory they added, per child, with the children.
    private static func liveChildren<Child>(
        _ count: Int, _ make: () -> (Child, AnyObject)
    ) -> (bytes: Double, children: [Child]) {
        var children: [Child] = []
        // Reserved before the first reading, so the array is not counted.
        children.reserveCapacity(count)
        let sink = Sink()
        ResidentMemory.trim()
        let before = ResidentMemory.bytes() ?? 0
        for _ in 0..<count {
            let (child, instance) = make()
            sink.blackHole(instance)
            children.append(child)
        }
        let after = ResidentMemory.bytes() ?? 0
        return (Double(after - before) / Double(count), children)
    }
}
