#if STRATA_EXPLORER
    import Foundation
    import Testing

    /// The explorer's gate (`bash .ci/run explorer`): every schedule of the scenarios below, up
    /// to two preemptions, keeps every invariant of ``Invariants``; and with the end's waits
    /// for a child brought back to one per child (the behaviour of `28cfe11`), the same search
    /// finds a violation.
    ///
    /// Built only with `-Xswiftc -DSTRATA_EXPLORER`, in a scratch path of its own: the build
    /// every other gate runs has no scheduling point.
    @Suite(.serialized)
    struct InterleavingExplorerTests {
        /// Every scenario's every schedule, up to the bound.
        @Test(.timeLimit(.minutes(3)))
        func everyScheduleKeepsTheInvariants() {
            let started = ContinuousClock.now
            var schedules = 0
            for scenario in Scenarios.all {
                let began = ContinuousClock.now
                let exploration = Explorer.explore(
                    scenario, bound: scenario.bound, limit: Scenarios.limit)
                schedules += exploration.schedules
                if ProcessInfo.processInfo.environment["STRATA_EXPLORER_VERBOSE"] != nil {
                    print(
                        "\(scenario): \(exploration.schedules) schedules, \(ContinuousClock.now - began)"
                    )
                }
                #expect(exploration.violation == nil, "\(exploration)")
            }
            print(
                "explorer: \(Scenarios.all.count) scenarios, \(schedules) schedules, "
                    + "bounds \(Scenarios.pairBound) (pairs) and \(Scenarios.tripleBound) (triples), "
                    + "at most \(Scenarios.limit) each, \(ContinuousClock.now - started)")
        }

        /// The mutation check: the search finds the single leaving signal restored.
        ///
        /// With one leaving signal per child, as on `28cfe11`, the search reports a violation
        /// within its budget (``Scenarios/mutationLimit`` schedules per scenario). A search
        /// that misses it guards nothing.
        @Test(.timeLimit(.minutes(3)))
        func findsTheSingleLeavingSignal() {
            var found: Exploration?
            for scenario in Scenarios.all {
                let exploration = Explorer.explore(
                    scenario, bound: scenario.bound, limit: Scenarios.mutationLimit,
                    mutation: "single-leaving-signal")
                if exploration.violation != nil {
                    found = exploration
                    break
                }
            }
            #expect(found != nil, "the explorer did not find the single leaving signal")
            if let found { print("explorer, mutation found: \(found)") }
        }

        /// The mutation check of the request's inline end: the search finds an ancestor's
        /// steps run in the task of the request it waited for, as they would be if an inline
        /// end ran the rest of an ancestor's end it finished.
        @Test(.timeLimit(.minutes(3)))
        func findsAnAncestorsStepsRunInline() {
            var found: Exploration?
            for scenario in Scenarios.all {
                let exploration = Explorer.explore(
                    scenario, bound: scenario.bound, limit: Scenarios.mutationLimit,
                    mutation: "ancestor-inline")
                if exploration.violation != nil {
                    found = exploration
                    break
                }
            }
            #expect(found != nil, "the explorer did not find an ancestor's steps run inline")
            if let found { print("explorer, mutation found: \(found)") }
        }
    }
#endif
