import Strata
import Testing

/// An async construction's outcome reaches its waiters whichever comes first, the outcome
/// or the first waiter (issue #49: the one-shot is made only when someone waits).
@Suite("An async construction's outcome", .timeLimit(.minutes(1)))
struct ConstructionOutcomeTests {
    final class Made: Sendable {}

    /// The object `outcome` built, if it is `.built`.
    private static func built(_ outcome: Construction.Outcome?) -> AnyObject? {
        guard case .built(let instance)? = outcome else { return nil }
        return instance.object
    }

    @Test("settled before anyone waits: a later waiter gets it at once")
    func settledFirst() async {
        let construction = Construction()
        let made = Made()
        construction.settle(.built(Instance(made)))
        #expect(Self.built(await construction.awaitOutcome()) === made)
        #expect(Self.built(await construction.awaitOutcome()) === made)
    }

    @Test("waited for first: every waiter gets the outcome once it is settled")
    func waitedFirst() async {
        let construction = Construction()
        let made = Made()
        async let first = construction.awaitOutcome()
        async let second = construction.awaitOutcome()
        // Let both waiters reach the construction before it is settled; if they come later,
        // they take the settled path instead, which the test above covers.
        for _ in 0..<100 { await Task.yield() }
        construction.settle(.built(Instance(made)))
        let outcomes = await [first, second]
        #expect(outcomes.allSatisfy { Self.built($0) === made })
    }

    @Test("the first word stands, whether or not anyone waited")
    func firstWordStands() async {
        let unwaited = Construction()
        unwaited.settle(.ended)
        unwaited.settle(.built(Instance(Made())))
        guard case .ended? = await unwaited.awaitOutcome() else {
            Issue.record("a later settle replaced the outcome nobody had waited for")
            return
        }
        let waited = Construction()
        async let outcome = waited.awaitOutcome()
        for _ in 0..<100 { await Task.yield() }
        waited.settle(.ended)
        waited.settle(.built(Instance(Made())))
        guard case .ended? = await outcome else {
            Issue.record("a later settle replaced the outcome a waiter awaited")
            return
        }
    }
}
