import Synchronization

/// How StrataTesting tells Strata whether the calling task runs a test, checked or not,
/// without Strata importing Swift Testing: it reads `Test.current`, which Swift Testing sets
/// in every test's task, with or without a trait.
final class TestQuery: Sendable {
    let isRunningATest: @Sendable () -> Bool

    init(_ isRunningATest: @escaping @Sendable () -> Bool) {
        self.isRunningATest = isRunningATest
    }
}

extension TestLedger {
    /// The query StrataTesting installed, if it did.
    private static let query = AtomicLazyReference<TestQuery>()

    /// Tells Strata how to learn whether the calling task runs a test: the first query
    /// installed stays.
    package static func installTestQuery(_ isRunningATest: @escaping @Sendable () -> Bool) {
        _ = query.storeIfNil(TestQuery(isRunningATest))
    }

    /// The owner of what this task makes or first uses: the ledger of the test it runs,
    /// ``unchecked`` for a test that is not checked, `nil` outside every test.
    static var ofThisTask: TestLedger? {
        if let current { return current }
        guard let query = query.load(), query.isRunningATest() else { return nil }
        return .unchecked
    }
}

/// Which test owns a container, for the leak check (see ``TestLedger``).
extension ScopeCore {
    /// Puts this root's tree under the check of the test `ledger` keeps.
    ///
    /// From now on, the containers of the tree that are made or first used are charged to
    /// the tests that own them, and its judgements wait no longer than the test's grace
    /// period. Nothing for a test that is not checked.
    package func checkTree(in ledger: TestLedger) {
        guard ledger.isChecked else { return }
        leakWatcher.shortenGrace(to: ledger.grace)
        isCheckedInTests.store(true, ordering: .releasing)
    }

    /// Charges this container, just made, to the test whose task made it.
    ///
    /// A root is recorded in every test, checked or not, so that a test watching it later
    /// does not take it for its own; a root a checked test made puts its tree under the
    /// check. A child is recorded only in a checked tree. The file's full path is kept only
    /// there, for the check to point at: a stored field would cost every container a size
    /// class ("memory per live child with 1 instance").
    func chargeToMaker(filePath: StaticString) {
        if parent == nil {
            guard let maker = TestLedger.ofThisTask else { return }
            checkTree(in: maker)
            transition { state in
                let side = state.sideForWriting()
                side.testLedger = maker
                if maker.isChecked { side.filePath = filePath }
            }
        } else if root.isCheckedInTests.load(ordering: .acquiring) {
            let maker = TestLedger.ofThisTask
            transition { state in
                let side = state.sideForWriting()
                side.testLedger = maker
                side.filePath = filePath
            }
        }
    }

    /// Charges this container, used for the first time, to its owner, when its tree is
    /// checked: the test that made it; made outside every test, the test whose task uses it
    /// now; else its parent's owner.
    ///
    /// A container is listed as open in the test that owns it, except a root no test made: a
    /// root made before the test and watched is not the test's to end.
    func chargeToTest() {
        guard root.isCheckedInTests.load(ordering: .acquiring) else { return }
        if let maker = read({ $0.side?.testLedger }) { return maker.began(self) }
        guard let owner = TestLedger.ofThisTask ?? parent?.read({ $0.side?.testLedger })
        else { return }
        transition { $0.sideForWriting().testLedger = owner }
        if parent != nil { owner.began(self) }
    }

    /// The checked test this container's leaks are charged to, given the one that owns it
    /// (`owner`): none when no checked test does.
    func testChargedWithLeaks(_ owner: TestLedger?) -> TestLedger? {
        owner?.isChecked == true ? owner : nil
    }

    /// The ledger work Strata starts for this container carries, as the task-local
    /// ``TestLedger/current``: its owner's, in a checked tree; `nil` otherwise, so that what
    /// the work makes is never charged to the test whose action started it.
    var ledgerOfItsWork: TestLedger? {
        guard root.isCheckedInTests.load(ordering: .acquiring) else { return nil }
        return read { $0.side?.testLedger }
    }
}
