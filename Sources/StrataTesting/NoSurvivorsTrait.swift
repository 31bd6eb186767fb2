#if compiler(>=6.1)
    public import Strata
    public import Testing

    /// A trait that fails a test for every instance that outlives the container that made it.
    ///
    /// A test or suite that carries ``Testing/Trait/noSurvivors`` records an issue for each
    /// survivor of each container that ends during the test — by `end()` or by being
    /// released — naming the container, the provider and the instance's type. Nobody has to
    /// call `end()` and read `survivors` by hand: every sign-out, closed form and ended
    /// feature in the test is checked.
    ///
    /// ```swift
    /// @Suite(.noSurvivors)
    /// struct SignOutTests {
    ///     @Test func signOutLeavesNothing() async { … }
    ///     @Test(.survivorsAllowed) func cacheOutlivesTheSessionOnPurpose() { … }
    /// }
    /// ```
    ///
    /// What it sees: every root container made in the test's task tree — the test's body,
    /// and the child tasks and unstructured `Task { }`s it starts — with all the containers
    /// made under those roots, wherever they end. What escapes it: a root made before the
    /// test, in a `Task.detached`, or on a Dispatch queue or thread of its own, since those
    /// do not inherit the test's task-local values. Put such a root under the check with
    /// ``watch(_:)`` from inside the test.
    ///
    /// A container that ends after the test has returned (a root kept in a global, one
    /// released by a task still running) is not checked.
    public struct NoSurvivorsTrait: TestTrait, SuiteTrait, TestScoping {
        /// Whether the test is checked: `false` for ``Testing/Trait/survivorsAllowed``.
        public let isChecking: Bool

        /// Applies to every test of a suite that carries it.
        public var isRecursive: Bool { true }

        /// Runs one test with the check (or, for `survivorsAllowed`, without it).
        public func provideScope(
            for test: Test, testCase: Test.Case?,
            performing function: @Sendable () async throws -> Void
        ) async throws {
            // A suite's own scope checks nothing: each of its tests gets a scope of its own.
            guard !test.isSuite else { return try await function() }
            guard isChecking else {
                return try await EndReport.withReceiver(nil) { try await function() }
            }
            let survivors = SurvivorLog()
            try await SurvivorLog.$current.withValue(survivors) {
                try await EndReport.withReceiver(survivors.receive) { try await function() }
            }
            for survivor in survivors.all {
                Issue.record(
                    "Strata: \(survivor)", sourceLocation: test.sourceLocation)
            }
        }

        /// Puts a root container made outside the test's task tree under the current test's
        /// check.
        ///
        /// Call it from inside a test that carries ``Testing/Trait/noSurvivors``; elsewhere it
        /// does nothing.
        ///
        /// ```swift
        /// let app = DispatchQueue.global().sync { AppContainer() }
        /// NoSurvivorsTrait.watch(app)
        /// ```
        ///
        /// - Parameter root: The root container to check.
        public static func watch<Root: Container>(_ root: Root)
        where Root.ContainerTier == AppTier {
            guard let survivors = SurvivorLog.current else { return }
            root.onEndReport(survivors.receive)
        }
    }

    extension Trait where Self == NoSurvivorsTrait {
        /// Fails the test for every instance that outlives the container that made it.
        ///
        /// See ``NoSurvivorsTrait`` for what it sees and what escapes it.
        public static var noSurvivors: Self { NoSurvivorsTrait(isChecking: true) }

        /// Exempts a test from the check of the suite it is in.
        public static var survivorsAllowed: Self { NoSurvivorsTrait(isChecking: false) }
    }
#endif
