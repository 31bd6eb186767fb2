import Strata
import Testing

/// A thread reuses its construction for its next first resolution once nothing else refers
/// to it.
@Suite struct ConstructionReuseTests {
    @Test("a construction nothing else refers to is reused, reopened")
    func reusedOnceUnreferenced() {
        let stack = ResolutionStack.current
        var first = stack.takeConstruction()
        first.finish()
        let identity = ObjectIdentifier(first)
        stack.giveBack(&first)
        let second = stack.takeConstruction()
        #expect(ObjectIdentifier(second) == identity)
        #expect(!second.isFinished)
    }

    @Test("a construction a waiter still refers to is not reused")
    func notReusedWhileReferenced() {
        let stack = ResolutionStack.current
        var first = stack.takeConstruction()
        let waiter = first
        stack.giveBack(&first)
        let second = stack.takeConstruction()
        #expect(second !== waiter)
    }
}
