import Strata
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
    @Test("shared is one instance per container")
    func sharedIsOnePerContainer() {
        let app = TestApp()
        #expect(app.service() === app.service())
        #expect(app.counter.value == 1)
    }

    @Test("shared is distinct between sibling containers")
    func sharedIsDistinctBetweenSiblings() {
        let app = TestApp()
        let first = app.makeSession()
        let second = app.makeSession()
        #expect(first.user() !== second.user())
        #expect(first.user() === first.user())
    }

    @Test("unique is new at every resolution")
    func uniqueIsNewEachTime() {
        let app = TestApp()
        let a = app.fresh()
        let b = app.fresh()
        #expect(a !== b)
        #expect(a.id != b.id)
    }

    @Test("weakShared is one instance while someone holds it, and made again after")
    func weakSharedIsRemadeAfterRelease() {
        let log = EventLog()
        let app = TestApp(log: log)
        var held: Tracked? = app.cache()
        #expect(app.cache() === held)
        held = nil
        #expect(log.all == ["made app.cache", "released app.cache"])
        let again = app.cache()
        #expect(log.all == ["made app.cache", "released app.cache", "made app.cache"])
        #expect(app.cache() === again)
    }

    @Test("weakShared instances still alive at end get their end hook")
    func weakSharedGetsHookWhenAlive() {
        let log = EventLog()
        let app = TestApp(log: log)
        let held = app.cache()
        app.end()
        #expect(log.all.contains("end app.cache"))
        withExtendedLifetime(held) {}
    }

    @Test("shared(by:) keeps one instance per argument value")
    func sharedByArgument() {
        let app = TestApp()
        #expect(app.item(1)() === app.item(1)())
        #expect(app.item(1)() !== app.item(2)())
        #expect(app.item(2)().id == 2)
    }

    @Test("an argument-taking unique provider builds from its argument each time")
    func uniqueWithArgument() {
        let app = TestApp()
        let a = app.draft(for: 7)()
        let b = app.draft(for: 7)()
        #expect(a.id == 7 && b.id == 7)
        #expect(a !== b)
    }

    @Test("argument providers are lifecycle-checked")
    func argumentProvidersCheckLifecycle() {
        let app = TestApp()
        app.end()
        #expect(throws: StrataError.self) { try app.item(1).resolve() }
        #expect(throws: StrataError.self) { try app.draft(for: 1).resolve() }
    }

    @Test("shared instances are released when the container ends")
    func sharedReleasedAtEnd() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        app.end()
        #expect(log.all == ["made app.config", "end app.config", "released app.config"])
    }

    @Test("a value-type shared instance is kept once")
    func valueTypeShared() {
        final class Box: Container {
            let scope = AppScope()
            let counter = Counter()
            var number: Provider<Int> { shared { self.counter.next() } }
        }
        let box = Box()
        #expect(box.number() == 1)
        #expect(box.number() == 1)
    }

    @Test("a factory's error is wrapped with the provider named")
    func factoryErrorIsWrapped() {
        struct Broken: Error, CustomStringConvertible {
            var description: String { "disk full" }
        }
        final class Failing: Container {
            let scope = AppScope()
            var store: Provider<Service> { shared { throw Broken() } }
        }
        let failing = Failing()
        let error = #expect(throws: StrataError.self) { try failing.store.resolve() }
        guard case .factoryFailed(let provider, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(provider.description == "Failing.store")
        #expect(underlying is Broken)
        #expect(error?.description.contains("disk full") == true)
    }

    @Test("a failed construction stores nothing: the next resolution runs the factory again")
    func failedFactoryIsRetried() throws {
        struct Flake: Error {}
        final class Flaky: Container {
            let scope = AppScope()
            let calls = Counter()
            var store: Provider<Service> {
                shared {
                    let call = self.calls.next()
                    if call == 1 { throw Flake() }
                    return Service(id: call)
                }
            }
        }
        let flaky = Flaky()
        #expect(throws: StrataError.self) { try flaky.store.resolve() }
        #expect(flaky.calls.value == 1)

        let second = try flaky.store.resolve()
        #expect(flaky.calls.value == 2)
        #expect(second.id == 2)

        // The instance the retry made is kept like any other.
        #expect(try flaky.store.resolve() === second)
        #expect(flaky.calls.value == 2)
    }
}
