import Strata

extension BenchCase {
    /// Resident memory per live interaction container that holds one instance, against a
    /// hand-written child with a `lazy var`.
    static let memoryPerContainer = BenchCase(
        name: "memory", title: "memory per live child with 1 instance", unit: "B/container",
        baseline: "hand-written child with a lazy var", target: .bytes(atMost: 200)
    ) { settings throws(BenchFailure) in
        guard ResidentMemory.bytes() != nil else {
            throw .unsupported("resident memory is read from /proc/self/statm: Linux only")
        }
        // In smoke mode 1,000 containers: too few to measure, enough to check they work.
        let count = settings.isSmoke ? 1_000 : 100_000
        var strata: [Double] = []
        var baseline: [Double] = []
        for repetition in 0..<settings.repetitions {
            if repetition % 2 == 0 {
                strata.append(try strataBytes(containers: count))
                baseline.append(handWrittenBytes(containers: count))
            } else {
                baseline.append(handWrittenBytes(containers: count))
                strata.append(try strataBytes(containers: count))
            }
        }
        return Comparison(
            strata: Figure(samples: strata, iterations: nil),
            baseline: Figure(samples: baseline, iterations: nil))
    }

    /// Resident bytes per live Strata interaction container holding one `shared` instance,
    /// all of them children of one app container.
    private static func strataBytes(containers count: Int) throws(BenchFailure) -> Double {
        let app = BenchAppContainer()
        var forms = [FormContainer?](repeating: nil, count: count)
        let sink = Sink()
        let bytes = residentGrowth(per: count) {
            for index in 0..<count {
                let form = FormContainer(parent: app)
                sink.blackHole(form.draft())
                forms[index] = form
            }
        }
        let children = app.tree.children
        try check(
            children.count == count
                && children.allSatisfy { $0.instances == ["draft: FormDraft"] },
            "the app's children do not each hold one draft")
        let drafts = Set(forms.compactMap { $0.map { ObjectIdentifier($0.draft()) } })
        try check(drafts.count == count, "children share drafts")
        try check(
            sink.count == count && forms.allSatisfy { $0?.isActive == true },
            "not every child is live")
        forms = []
        try check(app.tree.children.isEmpty, "released children are still in the tree")
        return bytes
    }

    /// Resident bytes per live hand-written child holding one lazy instance.
    private static func handWrittenBytes(containers count: Int) -> Double {
        let app = HandAppContainer()
        var forms = [HandFormContainer?](repeating: nil, count: count)
        let sink = Sink()
        let bytes = residentGrowth(per: count) {
            for index in 0..<count {
                let form = HandFormContainer(parent: app)
                sink.blackHole(form.draft)
                forms[index] = form
            }
        }
        withExtendedLifetime(forms) {}
        return bytes
    }

    /// How much resident memory `build` adds, divided by `count`.
    private static func residentGrowth(per count: Int, _ build: () -> Void) -> Double {
        ResidentMemory.trim()
        let before = ResidentMemory.bytes() ?? 0
        build()
        let after = ResidentMemory.bytes() ?? 0
        return Double(after - before) / Double(count)
    }
}
