import Strata
import Testing

/// An app of two providers, resolved one after the other.
private final class TwoProviders: Container {
    let scope = AppScope()

    var first: Provider<Service> { shared { Service(id: 1) } }
    var second: Provider<Service> { shared { Service(id: 2) } }
}

/// The calling thread's spares, by identity, after each of `steps` runs on a thread of its
/// own, new to Strata; `nil` when the thread did not finish in ten seconds.
private func sparesOnNewThread(after steps: [@Sendable () -> Void]) -> [[ObjectIdentifier]]? {
    let seen = Locked<[[ObjectIdentifier]]>([])
    let finished = onThreads(1) { _ in
        for step in steps {
            step()
            let spares = [ResolutionStack.current.spare].compactMap { $0 }.map(
                ObjectIdentifier.init)
            seen.withLock { $0.append(spares) }
        }
    }
    return finished ? seen.withLock { $0 } : nil
}

/// A thread reuses its constructions for its next first resolutions once nothing else refers
/// to them: the README's allocation line counts on it.
@Suite(.tags(.speed)) struct ConstructionReuseTests {
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

    @Test(
        "a first resolution gives its construction back, and the next one takes it",
        .timeLimit(.minutes(1)))
    func firstResolutionsShareOne() throws {
        let app = TwoProviders()
        let seen = try #require(
            sparesOnNewThread(after: [{ _ = app.first() }, { _ = app.second() }]))
        #expect(seen[0].count == 1)
        #expect(seen[1] == seen[0])
    }

    @Test(
        "a change and its delivery to a subscriber share one construction, reused by the next change",
        .timeLimit(.minutes(1)))
    func changesWithSubscribersReuse() throws {
        let observed = Observed(0)
        let subscription = observed.subscribe { _ in }
        let seen = try #require(
            sparesOnNewThread(after: [
                { observed.withValue { $0 += 1 } }, { observed.withValue { $0 += 1 } },
            ]))
        subscription.cancel()
        #expect(seen[0].count == 1)
        #expect(seen[1] == seen[0])
    }
}
