#if STRATA_EXPLORER
    /// The scenarios the explorer's gate searches: up to three concurrent operations on trees of
    /// up to three containers.
    ///
    /// Every pair of the operations below on each tree, and the triples that put two ends of
    /// one subtree beside a third operation that acts on it (a quiet child releasing, a second
    /// waiter, a request, a child made or let go). A new operation joins ``operations``.
    enum Scenarios {
        /// The preemptions a schedule of two operations may make: two, so that each may
        /// interrupt the other once and a deadline slip in between.
        static let pairBound = 2

        /// The preemptions a schedule of three operations may make: one.
        ///
        /// Every order of the
        /// three at their free choices (where the running one waits or returns) is still
        /// searched; two preemptions there took minutes per scenario on CI's two cores.
        static let tripleBound = 1

        /// The schedules searched per scenario at most.
        ///
        /// So that the gate stays within its two minutes. The largest scenarios reach it, and
        /// search their first 300 schedules in depth-first order: every choice of their last
        /// steps, fewer of their first. The gate prints how many scenarios and schedules ran.
        static let limit = 300

        /// The schedules the mutation check searches per scenario at most: a lost wake-up
        /// shows within the first few orders of three operations (7 schedules on `28cfe11`).
        static let mutationLimit = 100

        /// The trees: all hooked; a session that ends quietly (no hook, no child); a feature
        /// whose hook ends the app.
        ///
        /// Their hooks are synchronous; ``asyncShape``'s are async.
        static let shapes: [TreeShape] = [
            TreeShape(depth: .session, hooked: [.app, .session]),
            TreeShape(depth: .session, hooked: [.app]),
            TreeShape(depth: .feature, hooked: [.app, .session, .feature], hookEndsApp: .feature),
        ]

        /// The operations, on the places a tree has.
        static func operations(on shape: TreeShape) -> [Operation] {
            var operations: [Operation] = [
                .end(.app), .endAndWait(.app), .endAndWait(.app, draining: true, deadline: true),
                .request(), .request(endingItself: true),
            ]
            let below: Place = shape.depth
            operations += [
                .end(below), .endAndWait(below), .endAndWait(below, deadline: true),
                .release(below),
            ]
            if shape.depth == .feature {
                operations += [.end(.session), .makeFeature]
            }
            return operations
        }

        /// A tree whose hooks are async: `end()` starts them in tasks of their own, and an
        /// `endAndWait` beside it or after it, of the same container or of the app, awaits
        /// them.
        static let asyncShape = TreeShape(
            depth: .session, hooked: [.app, .session], asyncHooked: [.app, .session])

        /// The operations on ``asyncShape``: the ends, awaited or not, with and without a
        /// deadline, and the release; none that ends or makes no container of the tree.
        static let asyncOperations: [Operation] = [
            .end(.app), .endAndWait(.app), .endAndWait(.app, deadline: true),
            .end(.session), .endAndWait(.session), .endAndWait(.session, deadline: true),
            .release(.session),
        ]

        /// Every scenario, in a fixed order.
        static let all: [Scenario] = {
            var scenarios: [Scenario] = []
            for shape in shapes {
                let operations = operations(on: shape)
                for (first, a) in operations.enumerated() {
                    for b in operations[first...] {
                        scenarios.append(Scenario(shape: shape, operations: [a, b]))
                    }
                }
                // Triples: the app's end and the subtree's own ends, with each other operation.
                let below = shape.depth
                for third in operations {
                    scenarios.append(
                        Scenario(shape: shape, operations: [.end(below), .end(.app), third]))
                    scenarios.append(
                        Scenario(
                            shape: shape,
                            operations: [.endAndWait(below), .endAndWait(.app), third]))
                }
            }
            // Last, so that the mutation checks reach the scenarios that find theirs first.
            // Every pair of ``asyncOperations``, and an end whose hooks two later awaited ends
            // of the session and the app await.
            for (first, a) in asyncOperations.enumerated() {
                for b in asyncOperations[first...] {
                    scenarios.append(Scenario(shape: asyncShape, operations: [a, b]))
                }
            }
            for ended in [Place.session, .app] {
                scenarios.append(
                    Scenario(
                        shape: asyncShape,
                        operations: [.end(ended), .endAndWait(.session), .endAndWait(.app)]))
            }
            return scenarios
        }()
    }
#endif
