#if compiler(>=6.1)
    public import Strata
    public import Testing

    /// A trait that fails a test for every instance that outlives the container that made it,
    /// and for every container the test made that is still alive and never ended.
    ///
    /// A test or suite that carries ``Testing/Trait/noSurvivors`` judges once the test is
    /// over. It waits — up to a grace period, two seconds unless
    /// ``Testing/Trait/noSurvivors(grace:)`` says otherwise — for the work the ends started
    /// (async hooks, ``AsyncScopeBound/scopeDidEnd()``, tasks) and for the main actor to
    /// run the deinits the releases left there. Then it records an issue:
    /// - for each instance still alive whose container ended during the test — by `end()`,
    ///   `endAndWait`, or by being released — naming the test, the container and the provider,
    ///   at the place the end was called;
    /// - for each container made during the test that is still alive and was never ended,
    ///   naming its type, tier, the place it was made and its path in the tree. Such a
    ///   container is almost always kept by a cycle through one of its instances.
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
    /// A container that ends after the grace period (a root kept in a global, one released by
    /// a task still running) is not checked, and one still open then is reported as leaked.
    /// A deinit isolated to an actor of your own, not the main actor, is not waited for
    /// beyond the grace period.
    public struct NoSurvivorsTrait: TestTrait, SuiteTrait, TestScoping {
        /// Whether the test is checked: `false` for ``Testing/Trait/survivorsAllowed``.
        public let isChecking: Bool

        /// How long the check waits, once the test is over, for what is still being released.
        public let grace: Duration

        /// The grace period unless a trait gives one: two seconds.
        public static let defaultGrace = Duration.seconds(2)

        /// Applies to every test of a suite that carries it.
        public var isRecursive: Bool { true }

        /// Runs one test with the check (or, for `survivorsAllowed`, without it).
        ///
        /// The trait nearest the test decides: a test's own trait over its suite's.
        public func provideScope(
            for test: Test, testCase: Test.Case?,
            performing function: @Sendable () async throws -> Void
        ) async throws {
            // A suite's own scope checks nothing: each of its tests gets a scope of its own.
            guard !test.isSuite else { return try await function() }
            guard isChecking else {
                return try await SurvivorLog.$current.withValue(nil) {
                    try await EndReport.withReceiver(nil) { try await function() }
                }
            }
            let log = SurvivorLog()
            let receiver = ReportReceiver(log.receive, ledger: log.ledger)
            try await SurvivorLog.$current.withValue(log) {
                try await ReportReceiver.$current.withValue(receiver) { try await function() }
            }
            let (survivors, open) = await log.settle(within: grace)
            for survivor in survivors {
                Issue.record(
                    Comment(rawValue: Self.message(survivor, in: test)),
                    sourceLocation: survivor.endSite.map(SourceLocation.init)
                        ?? test.sourceLocation)
            }
            for container in open {
                let location = SourceLocation(
                    fileID: container.fileID, filePath: container.fileID, line: container.line,
                    column: 1)
                Issue.record(
                    Comment(rawValue: Self.message(container, in: test)),
                    sourceLocation: location)
            }
        }

        /// What a survivor's issue says: the provider, the end, the test, the likely cause.
        static func message(_ survivor: Survivor, in test: Test) -> String {
            let ended = survivor.endSite.map { " at \($0.fileID):\($0.line)" } ?? " (released)"
            return "Strata: \(survivor.provider): \(survivor.typeName) is still alive after "
                + "\(survivor.provider.container.typeName) ended\(ended), in \(test.name): held "
                + "by a retain cycle, a strong capture or a global"
        }

        /// What a leaked container's issue says: the container, where it was made, its path,
        /// the likely cause and the fix.
        static func message(_ container: ContainerLedger.Open, in test: Test) -> String {
            let path = container.path.joined(separator: " › ")
            return "Strata: \(container.container) made at \(container.fileID):\(container.line) "
                + "(\(path)) is still alive after \(test.name) and was never ended. Something "
                + "it made almost always holds it: an instance that keeps a child container "
                + "(whose parent is this one), or a handler or closure that captured the "
                + "container. End it with end(); hold a container whose instances keep child "
                + "containers (ChildContainers) through Owned, whose release ends it; or capture "
                + "the container weakly."
        }

        /// Puts a root container made outside the test's task tree under the current test's
        /// check: its tree's ends, and the containers of its tree that begin from now on.
        ///
        /// Call it from inside a test that carries ``Testing/Trait/noSurvivors``; elsewhere,
        /// and in a test marked ``Testing/Trait/survivorsAllowed``, it does nothing.
        ///
        /// ```swift
        /// let app = DispatchQueue.global().sync { AppContainer() }
        /// NoSurvivorsTrait.watch(app)
        /// ```
        ///
        /// - Parameter root: The root container to check.
        public static func watch<Root: Container>(_ root: Root)
        where Root.ContainerTier == AppTier {
            guard let log = SurvivorLog.current else { return }
            root.onEndReport(log.receive)
            root.scope.core.setLedger(log.ledger)
        }
    }

    extension SourceLocation {
        /// The place an end was called.
        fileprivate init(_ site: EndSite) {
            self.init(
                fileID: site.fileID, filePath: site.filePath, line: site.line,
                column: site.column)
        }
    }

    extension Trait where Self == NoSurvivorsTrait {
        /// Fails the test for every instance that outlives the container that made it, and
        /// for every container it made that is still open, once the test is over and a grace
        /// period of two seconds has passed.
        ///
        /// See ``NoSurvivorsTrait`` for what it sees and what escapes it.
        public static var noSurvivors: Self {
            NoSurvivorsTrait(isChecking: true, grace: NoSurvivorsTrait.defaultGrace)
        }

        /// The same check, after a grace period of `grace`.
        ///
        /// ```swift
        /// @Test(.noSurvivors(grace: .seconds(3))) func slowFlush() async { … }
        /// ```
        ///
        /// - Parameter grace: How long to wait, once the test is over, for what is still
        ///   being released.
        /// - Returns: The trait.
        public static func noSurvivors(grace: Duration) -> Self {
            NoSurvivorsTrait(isChecking: true, grace: grace)
        }

        /// Exempts a test from the check of the suite it is in: its ends, its containers,
        /// and the roots it ``NoSurvivorsTrait/watch(_:)``es.
        public static var survivorsAllowed: Self {
            NoSurvivorsTrait(isChecking: false, grace: .zero)
        }
    }
#endif
