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
        let layout = Layout(containers: settings.isSmoke ? 1_000 : 100_000)
        var strata: [Double] = []
        var baseline: [Double] = []
        for repetition in 0..<settings.repetitions {
            if repetition % 2 == 0 {
                strata.append(try strataBytes(layout))
                baseline.append(handWrittenBytes(layout))
            } else {
                baseline.append(handWrittenBytes(layout))
                strata.append(try strataBytes(layout))
            }
        }
        return Comparison(
            strata: Figure(samples: strata, iterations: nil),
            baseline: Figure(samples: baseline, iterations: nil))
    }

    /// How the containers are spread over parents: 100 children to a parent.
    ///
    /// Strata keeps a parent's children in a list it scans whenever a child is added or
    /// removed, so 100,000 children of one parent take minutes to build; the memory they
    /// take does not depend on how they are spread. The parents are made before the first
    /// reading and do not count.
    private struct Layout {
        let containers: Int
        let childrenPerParent = 100

        var parents: Int { (containers + childrenPerParent - 1) / childrenPerParent }
    }

    /// Resident bytes per live Strata interaction container holding one `shared` instance.
    private static func strataBytes(_ layout: Layout) throws(BenchFailure) -> Double {
        let apps = (0..<layout.parents).map { _ in BenchAppContainer() }
        var forms = [FormContainer?](repeating: nil, count: layout.containers)
        let sink = Sink()
        let bytes = residentGrowth(per: layout.containers) {
            for index in 0..<layout.containers {
                let form = FormContainer(parent: apps[index / layout.childrenPerParent])
                sink.blackHole(form.draft())
                forms[index] = form
            }
        }
        let children = apps[0].tree.children
        try check(
            children.count == layout.childrenPerParent
                && children.allSatisfy { $0.instances == ["draft: FormDraft"] },
            "a parent's children do not each hold one draft: \(apps[0].tree)")
        let drafts = Set(forms.compactMap { $0.map { ObjectIdentifier($0.draft()) } })
        try check(drafts.count == layout.containers, "children share drafts")
        try check(
            sink.count == layout.containers && forms.allSatisfy { $0?.isActive == true },
            "not every child is live")
        forms = []
        try check(
            apps.allSatisfy { $0.tree.children.isEmpty }, "released children are still in the tree")
        return bytes
    }

    /// Resident bytes per live hand-written child holding one lazy instance.
    private static func handWrittenBytes(_ layout: Layout) -> Double {
        let apps = (0..<layout.parents).map { _ in HandAppContainer() }
        var forms = [HandFormContainer?](repeating: nil, count: layout.containers)
        let sink = Sink()
        let bytes = residentGrowth(per: layout.containers) {
            for index in 0..<layout.containers {
                let form = HandFormContainer(parent: apps[index / layout.childrenPerParent])
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
