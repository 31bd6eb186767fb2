#if compiler(>=6.1)
    public import Strata
    public import Testing

    /// A trait that fails a test for every instance its containers leaked, and for every
    /// container it made that is still alive and was never ended.
    ///
    /// A test or suite that carries ``Testing/Trait/noLeaks`` is judged once its body has
    /// returned, so anything the test holds until then — a view model in a `let` across a
    /// sign-out — is never taken for a leak. The check waits up to a grace period (a tenth of
    /// a second unless ``Testing/Trait/noLeaks(grace:)`` says otherwise) for the
    /// containers the test made to end, then for the judgement of every end of those
    /// containers: an instance still alive once its end's whole subtree is released, the work
    /// Strata started for it has finished, and the grace period has passed (after a turn of
    /// the main actor) is a leak. Then it records an issue:
    /// - for each leak, naming the test, the container and the provider, at the place the
    ///   end was called;
    /// - for each container made during the test that is still alive and was never ended,
    ///   at the place it was made, with its path in the tree. Such a container is almost
    ///   always kept by a cycle through one of its instances; the open containers above it,
    ///   which it keeps alive, are named in the same issue rather than in issues of their own.
    ///
    /// ```swift
    /// @Suite(.noLeaks)
    /// struct SignOutTests {
    ///     @Test func signOutLeavesNothing() async { … }
    ///     @Test(.leaksAllowed) func cacheOutlivesTheSessionOnPurpose() { … }
    /// }
    /// ```
    ///
    /// What it sees: the containers the test owns, under a root the test made or
    /// ``watch(_:)``es, wherever they end. A container is owned by the test whose task made
    /// it — the test's body, and the child tasks and unstructured `Task { }`s it starts; made
    /// outside every test's task (a `Task.detached`, a Dispatch queue), by the test whose task
    /// first used it; else by its parent's owner. Never by the test that watches its root, nor
    /// by the test whose action started the work: a tracking's delivery, an end hook or a
    /// container's task runs as work of the container it serves. So tests running in parallel
    /// on one shared root are judged apart: each sees its own containers and their leaks, and
    /// nothing of the other's. A container owned by a test with no trait, or by a test marked
    /// ``Testing/Trait/leaksAllowed``, is charged to no checked test, nor is one whose owner
    /// cannot be decided (made and first used outside every test's task, below no container a
    /// test owns): their leaks reach only the root's `onLeak(_:)`
    /// receivers. A root made before the test is not the test's to end: watched, it is not
    /// reported as never ended.
    ///
    /// To prove that the check catches a leak of your own shape, run the shape in
    /// ``check(grace:_:)`` and expect what it finds.
    public struct NoLeaksTrait: TestTrait, SuiteTrait, TestScoping {
        /// What the trait does to a test.
        enum Policy {
            /// Checks the test. `grace` is how long the check waits, once the test is over,
            /// for its containers to end, and how long their ends wait before they judge.
            case check(grace: Duration)
            /// Exempts the test: ``Testing/Trait/leaksAllowed``.
            case allowLeaks
        }

        let policy: Policy

        init(policy: Policy) {
            self.policy = policy
            _ = Self.strataAsksForTheTest
        }

        /// Tells Strata, once, how to learn whether a task runs a test, checked or not.
        ///
        /// Swift Testing sets `Test.current` in every test's task, with or without a trait:
        /// so a container made by a test with no trait is charged to no checked test. Asked
        /// for by every trait made, which Swift Testing makes before it runs any test, and by
        /// every check.
        private static let strataAsksForTheTest: Void = TestLedger.installTestQuery {
            Test.current != nil
        }

        /// The grace period unless a trait gives one: a tenth of a second.
        ///
        /// Once a test's body has returned its locals are gone; the grace covers what is
        /// released just after, such as a task the test started finishing.
        @usableFromInline static let defaultGrace = Duration.milliseconds(100)

        /// Applies to every test of a suite that carries it.
        public var isRecursive: Bool { true }

        /// Runs one test with the check (or, for `leaksAllowed`, without it).
        ///
        /// The trait nearest the test decides: a test's own trait over its suite's.
        public func provideScope(
            for test: Test, testCase: Test.Case?,
            performing function: @Sendable () async throws -> Void
        ) async throws {
            // A suite's own scope checks nothing: each of its tests gets a scope of its own.
            guard !test.isSuite else { return try await function() }
            switch policy {
            case .check(let grace):
                let findings = try await Self.check(grace: grace, function)
                findings.record(in: test)
            case .allowLeaks:
                try await TestLedger.$current.withValue(.unchecked) { try await function() }
            }
        }

        /// Runs `body` under the check, as a test that carries the trait runs, and returns
        /// what the check finds instead of recording it: the way to prove that the check
        /// catches a leak of a shape your app has.
        ///
        /// ```swift
        /// @Test func theCheckCatchesALeakedSheet() async {
        ///     let findings = await NoLeaksTrait.check {
        ///         let app = ShopApp()
        ///         let sheet = app.openSheet()
        ///         sheet.viewModel().keepForEver()   // a deliberate cycle
        ///         sheet.end()
        ///     }
        ///     #expect(findings.leaks.map(\.typeName) == ["SheetViewModel"])
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - grace: How long to wait, once `body` has returned, for its containers to end,
        ///     and how long their ends wait before they judge; a tenth of a second unless
        ///     given.
        ///   - body: The code to check; it runs on the caller's actor, so a main-actor test
        ///     passes a plain closure.
        ///   - isolation: The actor `body` runs on; filled in by the compiler.
        /// - Returns: The leaks and the containers never ended.
        public static func check(
            grace: Duration = defaultGrace, _ body: () async throws -> Void,
            isolation: isolated (any Actor)? = #isolation
        ) async rethrows -> Findings {
            _ = strataAsksForTheTest
            let ledger = TestLedger(grace: grace)
            try await TestLedger.$current.withValue(ledger) { try await body() }
            return Findings(await ledger.settle())
        }

        /// Puts a root container made outside the test's task tree under the current test's
        /// check: the containers of its tree that the test owns from now on are checked (see
        /// ``NoLeaksTrait``); the root itself is not the test's to end.
        ///
        /// Call it from inside a test that carries ``Testing/Trait/noLeaks``; elsewhere,
        /// and in a test marked ``Testing/Trait/leaksAllowed``, it does nothing. The root's
        /// ends judge after the shorter of its grace period and the test's.
        ///
        /// ```swift
        /// let app = DispatchQueue.global().sync { AppContainer() }
        /// NoLeaksTrait.watch(app)
        /// ```
        ///
        /// - Parameter root: The root container to check.
        public static func watch<Root: Container>(_ root: Root)
        where Root.ContainerTier == AppTier {
            guard let ledger = TestLedger.current else { return }
            root.scope.core.checkTree(in: ledger)
        }
    }

    extension Trait where Self == NoLeaksTrait {
        /// Fails the test for every instance its containers leaked, and for every container
        /// it made that is still open, once the test is over, with a grace period of a tenth
        /// of a second.
        ///
        /// See ``NoLeaksTrait`` for what it sees and what escapes it.
        public static var noLeaks: Self {
            NoLeaksTrait(policy: .check(grace: NoLeaksTrait.defaultGrace))
        }

        /// The same check, after a grace period of `grace`.
        ///
        /// ```swift
        /// @Test(.noLeaks(grace: .seconds(3))) func slowFlush() async { … }
        /// ```
        ///
        /// - Parameter grace: How long to wait, once the test is over, for what is still
        ///   being released.
        /// - Returns: The trait.
        public static func noLeaks(grace: Duration) -> Self {
            NoLeaksTrait(policy: .check(grace: grace))
        }

        /// Exempts a test from the check of the suite it is in: its ends, its containers,
        /// and the roots it ``NoLeaksTrait/watch(_:)``es.
        public static var leaksAllowed: Self {
            NoLeaksTrait(policy: .allowLeaks)
        }
    }
#endif
