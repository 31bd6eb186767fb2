#if STRATA_EXPLORER
    import Strata

    /// What must hold once a run is quiescent, nothing left to run.
    ///
    /// They hold whatever the operations and their order. None names a defect: each is a
    /// promise of the end.
    enum Invariants {
        /// The violations of `tree`'s run; `finished` lists the indices of the operations
        /// that returned, and `deadlinePassed` says whether the explorer let any deadline
        /// pass in it.
        static func check(
            _ tree: ExploredTree, finished: [String], of scenario: Scenario,
            deadlinePassed: Bool
        ) -> [String] {
            var violations: [String] = []
            for (index, operation) in scenario.operations.enumerated()
            where !finished.contains("\(index)") {
                violations.append(
                    "\(operation) never returned, with nothing left to run: a lost wake-up or a deadlock"
                )
            }
            violations += tree.log.events.filter { $0.hasPrefix("violation") }
            violations += ends(tree)
            violations += hooks(
                tree, of: scenario.shape,
                allAwaited: !deadlinePassed && scenario.operations.allSatisfy(\.awaitsHooks))
            violations += reports(tree.log.awaitedReports)
            violations += awaitedHooks(tree.log.awaitedReports, deadlinePassed: deadlinePassed)
            for request in tree.log.madeRequests where request.explorerPhase != .ended {
                violations.append("a request's end never finished (\(request.explorerPhase))")
            }
            violations += requestHooks(tree.log)
            return violations
        }

        /// Every request's two async hooks ran once each; the newer first when it ran inline.
        /// (Past its deadline, an awaited end starts what is left without waiting for the
        /// step that overran, which may not have begun.)
        private static func requestHooks(_ log: ExploredLog) -> [String] {
            let events = log.events
            var violations: [String] = []
            for number in log.madeRequests.indices.map({ $0 + 1 }) {
                let newer = events.indices.filter {
                    events[$0].hasPrefix("request \(number) newer")
                }
                let older = events.indices.filter { events[$0] == "request \(number) older" }
                if newer.count != 1 || older.count != 1 {
                    violations.append(
                        "request \(number)'s hooks ran \(newer.count) and \(older.count) times")
                } else if events[newer[0]].hasSuffix("inline"), newer[0] > older[0] {
                    violations.append("request \(number)'s older hook ran before its newer one")
                }
            }
            return violations
        }

        /// Every end finishes; no container is live under an ended one.
        private static func ends(_ tree: ExploredTree) -> [String] {
            let phases = tree.phases
            var violations: [String] = []
            for held in phases where !held.isActive && held.phase != .ended {
                violations.append("\(held.place)'s end never finished: it is \(held.phase)")
            }
            for held in phases where held.isActive {
                for ancestor in held.place.ancestors
                where phases.contains(where: { $0.place == ancestor && $0.phase == .ended }) {
                    violations.append("\(held.place) is live under the ended \(ancestor)")
                }
            }
            return violations
        }

        /// Every hook runs exactly once when its container ended (at most once when the tree
        /// let go of it), never while it is live, and after its descendants' hooks; an async
        /// hook that began has returned once the run is quiescent.
        ///
        /// An async hook started by an end that does not await it — `end()`, a release, the
        /// rest of an end handed off, a step reached past a deadline — runs in a task of its
        /// own, after its ancestors' hooks perhaps: the order is checked against its return
        /// only when every end of the run was awaited (`allAwaited`), up to no deadline.
        private static func hooks(_ tree: ExploredTree, of shape: TreeShape, allAwaited: Bool)
            -> [String]
        {
            let events = tree.log.events.filter { $0.hasPrefix("hook ") }
            let phases = tree.phases
            var violations: [String] = []
            for place in shape.places where shape.hooked.contains(place) {
                let runs = events.filter { $0 == "hook \(place)" }.count
                if shape.asyncHooked.contains(place) {
                    let returned = events.filter { $0 == "hook \(place) done" }.count
                    if returned != runs {
                        violations.append(
                            "\(place)'s async hook began \(runs) times and returned \(returned) times"
                        )
                    }
                }
                switch phases.first(where: { $0.place == place })?.phase {
                case .ended?:
                    if runs != 1 {
                        violations.append("\(place)'s hook ran \(runs) times; it ended")
                    }
                case nil:
                    if runs > 1 { violations.append("\(place)'s hook ran \(runs) times") }
                case let phase?:
                    if runs != 0 { violations.append("\(place)'s hook ran while it is \(phase)") }
                }
                guard let own = events.firstIndex(of: "hook \(place)") else { continue }
                for descendant in shape.places where descendant.ancestors.contains(place) {
                    guard shape.asyncHooked.contains(descendant) else {
                        if let theirs = events.firstIndex(of: "hook \(descendant)"), theirs > own {
                            violations.append(
                                "\(place)'s hook ran before its descendant \(descendant)'s")
                        }
                        continue
                    }
                    if allAwaited,
                        let theirs = events.firstIndex(of: "hook \(descendant) done"), theirs > own
                    {
                        violations.append(
                            "\(place)'s hook ran before its descendant \(descendant)'s async hook returned, every end awaited"
                        )
                    }
                }
            }
            return violations
        }

        /// An awaited end whose deadline did not pass lists no hook in its `overran`.
        ///
        /// It awaited every async hook of its report: its own, and those an end begun
        /// elsewhere started without awaiting them (`end()`'s), which it awaits up to its own
        /// deadline.
        private static func awaitedHooks(_ reports: [AwaitedReport], deadlinePassed: Bool)
            -> [String]
        {
            var violations: [String] = []
            for awaited in reports where !awaited.deadline || !deadlinePassed {
                let hooks = awaited.report.overran.filter { $0.origin == .hook }
                guard !hooks.isEmpty else { continue }
                violations.append(
                    "an awaited end of \(awaited.place) whose deadline did not pass lists hooks as overran: "
                        + hooks.map(\.containerDescription.typeName).joined(separator: ", "))
            }
            return violations
        }

        /// A report lists a container at most once in each of `ended`, the children in
        /// `overran` and `stillEnding`, and never as both ended and still ending; one that leaves a container still ending
        /// while its end waits for a child names that child (an end whose own steps run on
        /// elsewhere has no child to name); every caller of one end that got its whole report got the same one.
        private static func reports(_ reports: [AwaitedReport]) -> [String] {
            var violations: [String] = []
            var whole: [Place: Set<String>] = [:]
            for (place, report, waitingForChildren) in reports.map({
                ($0.place, $0.report, $0.waitingForChildren)
            }) {
                let children = report.overran.filter { $0.origin == .child }.map(
                    \.containerDescription.description)
                let ended = report.ended.map(\.description)
                let stillEnding = report.stillEnding.map(\.description)
                // A child a drain or a deadline left still live is ended, and listed in both
                // `ended` and `overran`: the docs promise that. Each list names it once, and
                // nothing is both ended and still ending.
                for (list, names) in [
                    ("ended", ended), ("overran", children), ("stillEnding", stillEnding),
                ]
                where Set(names).count != names.count {
                    violations.append(
                        "an awaited end of \(place) lists a container twice in \(list): \(names)")
                }
                if !Set(ended).isDisjoint(with: stillEnding) {
                    violations.append(
                        "an awaited end of \(place) lists a container as ended and still ending")
                }
                if !report.stillEnding.isEmpty, children.isEmpty, waitingForChildren {
                    violations.append(
                        "an awaited end of \(place) returned still ending, naming nothing it waits for"
                    )
                }
                guard report.stillEnding.isEmpty else { continue }
                if let other = whole[place], other != Set(ended) {
                    violations.append(
                        "two awaited ends of \(place) got different reports: \(other.sorted()) and \(ended.sorted())"
                    )
                }
                whole[place] = Set(ended)
            }
            return violations
        }
    }

    extension Operation {
        /// Whether the operation awaits every async hook it starts, up to its deadline: an
        /// `endAndWait`, or one that ends nothing of the tree.
        fileprivate var awaitsHooks: Bool {
            switch self {
            case .end, .release: false
            case .endAndWait, .makeFeature, .request: true
            }
        }
    }
#endif
