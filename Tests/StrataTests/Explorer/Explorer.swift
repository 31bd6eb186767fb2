#if STRATA_EXPLORER
    import Dispatch
    import Foundation
    import Strata

    /// An operation the explorer runs concurrently with others on an ``ExploredTree``, each in a
    /// task of its own that prefers the explorer as its executor.
    ///
    /// A new driver of the end joins here: a case, its ``run(on:)``, and the scenarios that use
    /// it; the invariants are the same for every operation.
    enum Operation: Sendable, CustomStringConvertible {
        /// `end()` of the container at a place.
        case end(Place)
        /// `endAndWait` of the container at a place; `deadline` says whether its deadline may
        /// pass (the explorer chooses when), or never does.
        case endAndWait(Place, draining: Bool = false, deadline: Bool = false)
        /// A child made by `init(checking:)` under the session: refused once its end began.
        case makeFeature
        /// The tree lets go of the container at a place: its release ends it.
        case release(Place)
        /// `withRequest` under the app: the body gives the request two async end hooks,
        /// resolves from the request and the app, awaits a turn, and resolves again;
        /// `endingItself` has the body call its request's `endAndWait` in between, and the
        /// newer hook, run inline, cancel its task: the older one then runs elsewhere.
        case request(endingItself: Bool = false)

        var description: String {
            switch self {
            case .end(let place): "end(\(place))"
            case .endAndWait(let place, let draining, let deadline):
                "endAndWait(\(place)\(draining ? ", draining" : "")\(deadline ? ", deadline" : ""))"
            case .makeFeature: "makeFeature"
            case .release(let place): "release(\(place))"
            case .request(let endingItself): endingItself ? "request(ending itself)" : "request"
            }
        }

        /// Runs the operation; violations it sees itself go to the tree's log.
        func run(on tree: ExploredTree) async {
            let log = tree.log
            switch self {
            case .end(let place):
                tree.container(place)?.end()
            case .endAndWait(let place, let draining, let deadline):
                guard let container = tree.container(place) else { return }
                let report = await container.endAndWait(
                    within: deadline ? .seconds(10) : .seconds(86_400), draining: draining)
                // Read as it returns: whether its end still waited for a child then.
                log.keep(
                    report, of: place, waitingForChildren: container.explorerWaitsForChildren,
                    deadline: deadline)
            case .makeFeature:
                guard let session = tree.container(.session) as? ExploredSession else { return }
                do {
                    let feature = try ExploredLateFeature(checking: session)
                    // The session's end may reach the feature as soon as it is made.
                    _ = try? feature.lateItem.resolve()
                } catch {
                    // Refused: the session's end began.
                }
            case .release(let place):
                tree.letGo(place)
            case .request(let endingItself):
                let task = log.enterRequestTask()
                defer { log.leaveRequestTask(task) }
                do {
                    try await tree.app.withRequest(ExploredRequest.init) { request in
                        let number = log.keep(request)
                        request.onEnd { _ in
                            await Task.yield()
                            log.record("request \(number) older")
                        }
                        request.onEnd { _ in
                            let inline = log.runsInARequestTask
                            log.record("request \(number) newer\(inline ? " inline" : "")")
                            // A cancellation between two inline steps.
                            if endingItself, inline {
                                withUnsafeCurrentTask { $0?.cancel() }
                            }
                            await Task.yield()
                        }
                        Self.resolve(in: request, log: log, when: "first")
                        if endingItself { await request.endAndWait() }
                        await Task.yield()
                        Self.resolve(in: request, log: log, when: "after a turn")
                    }
                } catch {
                    // Refused: the app's end began before the request was made.
                }
            }
        }

        /// Resolves the request's own provider and the app's, recording a violation when either
        /// is ended: a body never sees its request or an ancestor ended.
        private static func resolve(in request: ExploredRequest, log: ExploredLog, when: String) {
            do {
                _ = try request.requestItem.resolve()
                _ = try request.item.resolve()
            } catch {
                log.record("violation: a withRequest body saw \(error) (\(when))")
            }
        }
    }

    /// A tree and the operations to run on it at once.
    struct Scenario: Sendable, CustomStringConvertible {
        var shape: TreeShape
        var operations: [Operation]

        /// The preemptions its search allows: see ``Scenarios``.
        var bound: Int { operations.count > 2 ? Scenarios.tripleBound : Scenarios.pairBound }

        var description: String {
            "\(shape): " + operations.map(\.description).joined(separator: " ‖ ")
        }
    }

    /// What a search found.
    struct Exploration: CustomStringConvertible {
        var scenario: Scenario
        var schedules = 0
        /// The first violation and the schedule that shows it, replayable with
        /// ``Explorer/replay(_:schedule:)``.
        var violation: (what: [String], schedule: [Int])?

        var description: String {
            guard let violation else { return "\(scenario): \(schedules) schedules, no violation" }
            return """
                \(scenario): violation after \(schedules) schedules
                  \(violation.what.joined(separator: "\n  "))
                  replay: Explorer.replay(scenario, schedule: \(violation.schedule))
                """
        }
    }

    /// Drives Strata's own end code through the schedules of a scenario, up to a bound of
    /// preemptions, and checks the invariants after each.
    ///
    /// A schedule is the list of choices a run made: at each step, the index, among what may
    /// run ordered by when it became runnable, of what ran. A step runs one thread from one
    /// point to the next. Continuing the thread that just stopped at a point is free; switching
    /// away from it is a preemption. The search is depth first: each run follows a prefix, then
    /// continues the running thread (or the oldest runnable, deadlines last), and every choice
    /// it did not take, within the bound, becomes a prefix to run.
    enum Explorer {
        /// One step of a run: what could run, what ran, and the preemptions spent before it.
        struct Step {
            let choices: [(id: Int, kind: String)]
            let chosen: Int
            /// The index among `choices` of the thread that stopped at the step before, if it
            /// may still run: choosing another is a preemption.
            let current: Int?
            let preemptions: Int
        }

        /// Explores `scenario`'s schedules with at most `bound` preemptions, stopping at the
        /// first violation or after `limit` schedules.
        ///
        /// - Parameters:
        ///   - scenario: The operations and the tree they run on.
        ///   - bound: The preemptions a schedule may make.
        ///   - limit: The schedules to search at most.
        ///   - mutation: An old behaviour to bring back for the run (see
        ///     `Interleavings.mutation`), for the check that the explorer finds it.
        /// - Returns: How many schedules were searched, and the first violation, if any.
        static func explore(
            _ scenario: Scenario, bound: Int = 2, limit: Int = 20_000, mutation: String? = nil
        ) -> Exploration {
            var result = Exploration(scenario: scenario)
            var prefixes: [[Int]] = [[]]
            while let prefix = prefixes.popLast(), result.schedules < limit {
                let (steps, violations) = run(scenario, following: prefix, mutation: mutation)
                result.schedules += 1
                if !violations.isEmpty {
                    result.violation = (violations, steps.map(\.chosen))
                    return result
                }
                for index in (prefix.count..<steps.count).reversed() {
                    let step = steps[index]
                    for other in step.choices.indices where other != step.chosen {
                        let spent =
                            step.preemptions + (step.current.map { $0 != other } == true ? 1 : 0)
                        guard spent <= bound else { continue }
                        prefixes.append(steps[..<index].map(\.chosen) + [other])
                    }
                }
            }
            return result
        }

        /// Runs `scenario` once along `schedule`, and returns the violations it shows.
        static func replay(_ scenario: Scenario, schedule: [Int], mutation: String? = nil)
            -> [String]
        {
            run(scenario, following: schedule, mutation: mutation).violations
        }

        /// One run: follows `prefix`, then the default choices, to quiescence.
        private static func run(_ scenario: Scenario, following prefix: [Int], mutation: String?)
            -> (steps: [Step], violations: [String])
        {
            let scheduler = Interleavings.shared
            let tree = ExploredTree(scenario.shape)
            let finished = ExploredLog()
            let chooser = Chooser(following: prefix)
            scheduler.begin(mutation: mutation, choose: chooser.choose)
            for (index, operation) in scenario.operations.enumerated() {
                Task(executorPreference: scheduler) {
                    await operation.run(on: tree)
                    finished.record("\(index)")
                }
            }
            var next: Int?
            var last: Int?
            while true {
                if next == nil {
                    let choices = scheduler.runnables
                    if choices.isEmpty { break }
                    next = chooser.choose(choices, last: last)
                }
                guard let id = next else { break }
                switch scheduler.run(id) {
                case .settled:
                    next = nil
                    last = id
                case .handedOff(let chosen):
                    // A thread stopped at a point and chose another, or the end of the run.
                    next = chosen
                    last = nil
                case .blocked:
                    chooser.violations.append(
                        "a thread blocked where the explorer cannot see it, at step "
                            + "\(chooser.steps.count)")
                    next = nil
                }
                if next == nil, !chooser.violations.isEmpty { break }
            }
            scheduler.end()
            var violations = chooser.violations
            if violations.isEmpty {
                // Whether the explorer let a deadline pass: an awaited end's, since only
                // those register one.
                let deadlinePassed = chooser.steps.contains {
                    $0.choices[$0.chosen].kind == "deadline"
                }
                violations = Invariants.check(
                    tree, finished: finished.events, of: scenario, deadlinePassed: deadlinePassed)
            }
            return (chooser.steps, violations)
        }
    }

    /// The choices of one run, made where its threads stop: the prefix's, then the running
    /// thread's, or the oldest runnable, deadlines last.
    // @unchecked: one thread at a time calls it, the controller or the run's running thread,
    // each woken by the one before through a semaphore.
    final class Chooser: @unchecked Sendable {
        private let prefix: [Int]
        private(set) var steps: [Explorer.Step] = []
        var violations: [String] = []
        private var preemptions = 0

        init(following prefix: [Int]) { self.prefix = prefix }

        /// The id to run among `choices`, after `last` ran; `nil` stops the run, with a
        /// violation.
        func choose(_ choices: [(id: Int, kind: String)], last: Int?) -> Int? {
            let current = last.flatMap { id in
                choices.firstIndex { $0.id == id && $0.kind == "thread" }
            }
            let chosen: Int
            if steps.count < prefix.count {
                chosen = prefix[steps.count]
                guard chosen < choices.count else {
                    violations.append("the schedule does not fit this run (\(steps.count))")
                    return nil
                }
            } else {
                chosen = current ?? choices.firstIndex { $0.kind != "deadline" } ?? 0
            }
            steps.append(
                Explorer.Step(
                    choices: choices, chosen: chosen, current: current, preemptions: preemptions))
            if let current, current != chosen { preemptions += 1 }
            if steps.count > 5_000 {
                violations.append("more than 5,000 steps: a livelock")
                return nil
            }
            return choices[chosen].id
        }
    }
#endif
