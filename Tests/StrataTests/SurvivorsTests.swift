import Strata
import Synchronization
import Testing

private protocol Gadget: AnyObject, Sendable {}
private final class Widget: Gadget {}

/// A container whose one instance is stored behind a protocol type, in a box.
private final class GadgetShelf: Container {
    let scope = AppScope()
    var gadget: Provider<any Gadget> { shared { Widget() } }
}

@Suite("Survivors report")
struct SurvivorsTests {
    @Test("an instance behind a protocol type is a survivor only while something else holds it")
    func boxedInstanceSurvivesOnlyWhileHeld() {
        let clean = GadgetShelf()
        _ = clean.gadget()
        #expect(clean.end().watched.isEmpty)
        let leaky = GadgetShelf()
        let held = leaky.gadget()
        #expect(leaky.end().watched.map(\.provider.providerName) == ["gadget"])
        withExtendedLifetime(held) {}
    }

    @Test("an instance kept alive from outside is reported")
    func heldInstanceIsASurvivor() throws {
        let app = TestApp()
        let session = app.makeSession()
        let leaked = session.user()
        _ = session.store()

        let report = session.end()

        let survivor = try #require(report.watched.first)
        #expect(report.watched.count == 1)
        #expect(survivor.provider.description == "TestSession.user")
        #expect(survivor.typeName == "Tracked")
        #expect(survivor.object == ObjectIdentifier(leaked))
        #expect(
            survivor.description
                == "TestSession.user: Tracked, alive when TestSession ended; watched")
    }

    @Test("a clean end reports no survivors")
    func cleanEndHasNoSurvivors() {
        let app = TestApp()
        let session = app.makeSession()
        _ = session.user()
        _ = session.makeFeature().screen()
        #expect(session.end().watched.isEmpty)
    }

    @Test("a retain cycle between instances is reported")
    func retainCycleIsReported() {
        final class Node: Sendable {
            let next = Locked<Node?>(nil)
        }
        final class Graph: Container {
            let scope: SessionScope<TestApp>
            init(parent: TestApp) { scope = SessionScope(parent: parent) }
            var a: Provider<Node> { shared { Node() } }
            var b: Provider<Node> {
                shared {
                    let b = Node()
                    let a = self.a()
                    a.next.withLock { $0 = b }
                    b.next.withLock { $0 = a }
                    return b
                }
            }
        }
        let app = TestApp()
        let graph = Graph(parent: app)
        _ = graph.b()
        let report = graph.end()
        #expect(Set(report.watched.map(\.provider.providerName)) == ["a", "b"])
    }

    /// The end lets go of its instances newest first, so when it comes to `holder`'s
    /// `listener`, `holder` still holds it: the end must follow it on (weakly) and look again
    /// once `holder` is gone, not report it because it was held at that moment.
    @Test("an instance held only by an older instance of the container is not a survivor")
    func heldByOlderInstanceIsNotASurvivor() {
        final class Listener: Sendable {}
        final class Holder: Sendable {
            let held = Locked<Listener?>(nil)
        }
        final class Screen: Container {
            let scope: SessionScope<TestApp>
            init(parent: TestApp) { scope = SessionScope(parent: parent) }
            var holder: Provider<Holder> { shared { Holder() } }
            var listener: Provider<Listener> { shared { Listener() } }
        }
        let app = TestApp()
        let screen = Screen(parent: app)
        do {
            let holder = screen.holder()
            holder.held.withLock { $0 = screen.listener() }
        }
        #expect(screen.end().watched.isEmpty)
    }

    @Test("an instance held only by a newer instance of the container is not a survivor")
    func heldByNewerInstanceIsNotASurvivor() {
        final class Engine: Sendable {}
        final class Car: Sendable {
            let engine: Engine
            init(engine: Engine) { self.engine = engine }
        }
        final class Garage: Container {
            let scope: SessionScope<TestApp>
            init(parent: TestApp) { scope = SessionScope(parent: parent) }
            var engine: Provider<Engine> { shared { Engine() } }
            var car: Provider<Car> { shared { Car(engine: self.engine()) } }
        }
        let app = TestApp()
        let garage = Garage(parent: app)
        _ = garage.car()
        #expect(garage.end().watched.isEmpty)
    }

    @Test("a child's survivors appear in its parent's report")
    func childSurvivorsBubbleUp() {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let screen = feature.screen()
        let report = session.end()
        #expect(report.watched.map(\.provider.description) == ["TestFeature.screen"])
        withExtendedLifetime(screen) {}
    }

    @Test("the report reads as one line per container and per watched instance")
    func reportDescription() {
        let app = TestApp()
        let session = app.makeSession()
        let user = session.user()
        let report = session.end()
        #expect(
            String(describing: report) == """
                ended 1 container(s): TestSession
                1 still alive, watched until judged:
                  TestSession.user: Tracked
                """)
        #expect(
            String(describing: app.end()) == "ended 1 container(s): TestApp\nnothing still alive")
        withExtendedLifetime(user) {}
    }
}
