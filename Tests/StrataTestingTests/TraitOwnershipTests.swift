import Observation
import Strata
import StrataTesting
import Testing

// A container's leaks are charged to the test that owns it: the test whose task made it, or,
// made outside every test, the one whose task first used it, or else its parent's owner.
// Never the test that last watched a shared root, nor the one whose action started the work
// that leaked. Two tests running in parallel are simulated, as Swift Testing runs them, by
// two checks (or a check and plain code of the enclosing test, which has no trait) in one
// test's task tree.

/// A model two tests share: one follows it, the other changes it.
@MainActor
@Observable
final class SharedCounter {
    var value = 0
}

/// A value handed from one simulated test to the other once it is set.
final class Handoff<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)
    private let gate = Gate()

    func give(_ value: Value) {
        self.value.withLock { $0 = value }
        gate.open()
    }

    func taken() async -> Value {
        await gate.wait()
        return value.withLock { $0! }
    }
}

@Suite("A leak is charged to the test that owns the container")
struct TraitOwnershipTests {
    /// Test A follows a shared model and its handler opens a sheet that leaks; test B only
    /// changes the model, and the delivery its change started runs the handler.
    @Test(
        "a tracking delivery's leak is charged to the test that follows, not the one that changed the model",
        .timeLimit(.minutes(1)))
    func deliveryIsChargedToTheFollower() async {
        let model = await SharedCounter()
        let keeper = LeakKeeper()
        let following = Gate()
        let delivered = Gate()
        async let follower = NoLeaksTrait.check {
            let shop = Shop()
            let page = Page(parent: shop)
            await MainActor.run {
                _ = page.trackOnMainActor {
                    model.value
                } onChange: { _ in
                    let sheet = Sheet(parent: page)
                    keeper.keep(sheet.viewModel())
                    sheet.end()
                    delivered.open()
                }
            }
            following.open()
            await delivered.wait()
            shop.end()
        }
        async let changer = NoLeaksTrait.check {
            await following.wait()
            await MainActor.run { model.value += 1 }
            await delivered.wait()
        }
        let (a, b) = await (follower, changer)
        #expect(a.leaks.map(\.provider.description) == ["Sheet.viewModel"])
        #expect(b.isEmpty, "\(b.leaks)")
    }

    /// Both watch one root, the second last; the first makes its session in its own task and
    /// first uses it in a detached task.
    @Test(
        "a container made in a test's task and first used in a detached task is the test's",
        .timeLimit(.minutes(1)))
    func firstUsedInADetachedTask() async {
        let app = Leaky()
        let keeper = Keeper()
        let (firstWatched, secondWatched, firstEnded) = (Gate(), Gate(), Gate())
        async let first = NoLeaksTrait.check {
            NoLeaksTrait.watch(app)
            firstWatched.open()
            await secondWatched.wait()
            let session = app.makeSession()
            await Task.detached { keeper.keep(session.profile()) }.value
            _ = await session.end().leaks()
            firstEnded.open()
        }
        async let second = NoLeaksTrait.check {
            await firstWatched.wait()
            NoLeaksTrait.watch(app)
            secondWatched.open()
            await firstEnded.wait()
        }
        let (one, two) = await (first, second)
        #expect(one.leaks.map(\.provider.description) == ["LeakySession.profile"])
        #expect(two.isEmpty, "\(two.leaks)")
        app.end()
    }

    /// One test allows survivors and keeps an instance on purpose; the other watches the
    /// same root.
    @Test(
        "a leaksAllowed test's kept instance is charged to no test watching the same root",
        .timeLimit(.minutes(1)))
    func allowedTestIsNotChargedToAWatcher() async throws {
        let app = Leaky()
        let received = Locked<[WatchedInstance]>([])
        app.onLeak { leak in received.withLock { $0.append(leak) } }
        let keeper = Keeper()
        let (watched, allowedEnded) = (Gate(), Gate())
        async let allowed: Void = run(.leaksAllowed) {
            await watched.wait()
            NoLeaksTrait.watch(app)
            let session = app.makeSession()
            keeper.keep(session.profile())
            _ = await session.end().leaks()
            allowedEnded.open()
        }
        async let checked = NoLeaksTrait.check {
            NoLeaksTrait.watch(app)
            watched.open()
            await allowedEnded.wait()
        }
        let (_, findings) = try await (allowed, checked)
        #expect(findings.isEmpty, "\(findings.leaks)")
        #expect(received.withLock { $0.map(\.provider.description) } == ["LeakySession.profile"])
        app.end()
    }

    /// The checked test makes the root and watches its leaks; code of a test with no trait
    /// makes a session under it in its own task and leaks.
    @Test(
        "a leak of a test with no trait is charged to no checked test on the same root",
        .timeLimit(.minutes(1)))
    func uncheckedTestIsNotChargedToTheRootsTest() async {
        let keeper = Keeper()
        let received = Locked<[WatchedInstance]>([])
        let root = Handoff<Leaky>()
        let uncheckedEnded = Gate()
        async let unchecked: Void = {
            let app = await root.taken()
            let session = app.makeSession()
            keeper.keep(session.profile())
            _ = await session.end().leaks()
            uncheckedEnded.open()
        }()
        async let checked = NoLeaksTrait.check {
            let app = Leaky()
            app.onLeak { leak in received.withLock { $0.append(leak) } }
            root.give(app)
            await uncheckedEnded.wait()
            app.end()
        }
        let (_, findings) = await (unchecked, checked)
        #expect(findings.isEmpty, "\(findings.leaks)")
        #expect(received.withLock { $0.map(\.provider.description) } == ["LeakySession.profile"])
    }
}
