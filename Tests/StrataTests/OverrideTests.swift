import Strata
import Testing

@Suite("Overrides")
struct OverrideTests {
    @Test("an override in the app container reaches a session child")
    func overrideReachesChild() {
        let app = TestApp()
        app.service.override { Service(id: 99) }
        let session = app.makeSession()
        #expect(session.appService().id == 99)
    }

    @Test("cancelling an override restores the original factory")
    func cancelRestores() {
        let app = TestApp()
        let override = app.service.override { Service(id: 99) }
        #expect(app.service().id == 99)
        #expect(override.isInEffect)
        override.cancel()
        #expect(!override.isInEffect)
        #expect(app.service().id == 1)
        #expect(app.makeSession().appService().id == 1)
    }

    @Test("an override replaces an instance already made for later resolutions")
    func overrideReplacesCachedInstance() {
        let app = TestApp()
        // Held, so that its address cannot be reused by the replacement.
        let original = app.service()
        app.service.override { Service(id: 42) }
        #expect(app.service() !== original)
        #expect(app.service().id == 42)
        #expect(app.service() === app.service())
    }

    @Test("an instance made before an override ends at once, before the override's is made")
    func overriddenInstanceEndsAtOnce() {
        let log = EventLog()
        let app = TestApp(log: log)
        // Only the container holds the original.
        weak let original = app.config()
        app.config.override { Tracked("replacement", log: log) }
        #expect(original == nil)
        #expect(app.config().name == "replacement")

        app.end()

        #expect(
            log.all == [
                "made app.config", "end app.config", "released app.config", "made replacement",
                "end replacement", "released replacement",
            ])
    }

    @Test("an overridden weakShared provider gives the replacement, shared while held")
    func weakSharedOverride() {
        let log = EventLog()
        let app = TestApp(log: log)
        app.cache.override { Tracked("double", log: log) }
        var held: Tracked? = app.cache()
        #expect(held?.name == "double")
        #expect(app.cache() === held)
        held = nil
        #expect(log.all == ["made double", "released double"])
        #expect(app.cache().name == "double")
        #expect(log.all == ["made double", "released double", "made double", "released double"])
    }

    @Test("cancelling an override of a weakShared provider restores the declared factory")
    func weakSharedCancelOverride() {
        let log = EventLog()
        let app = TestApp(log: log)
        let override = app.cache.override { Tracked("double", log: log) }
        let double = app.cache()
        override.cancel()
        let restored = app.cache()
        #expect(restored.name == "app.cache")
        #expect(restored !== double)
        #expect(app.cache() === restored)
        withExtendedLifetime(double) {}
    }

    @Test("an overridden shared provider is still made once")
    func overrideKeepsLifetime() {
        let app = TestApp()
        let counter = Counter()
        app.service.override { Service(id: counter.next()) }
        _ = (app.service(), app.service(), app.service())
        #expect(counter.value == 1)
    }

    @Test("a unique provider can be overridden")
    func uniqueOverride() {
        let app = TestApp()
        let override = app.fresh.override { Service(id: -1) }
        #expect(app.fresh().id == -1)
        #expect(app.fresh() !== app.fresh())
        override.cancel()
        #expect(app.fresh().id > 0)
    }

    @Test("an override of every argument that ignores the argument applies to every argument")
    func argumentOverride() {
        let app = TestApp()
        app.item(1).overrideEveryArgument(of: Int.self) { _ in Service(id: 0) }
        #expect(app.item(1)().id == 0)
        #expect(app.item(5)().id == 0)
    }

    @Test("an override in one container does not leak into a sibling")
    func overrideStaysInItsContainer() {
        let app = TestApp()
        let first = app.makeSession()
        let second = app.makeSession()
        let marker = EventLog()
        first.user.override { Tracked("double", log: marker) }
        #expect(first.user().name == "double")
        #expect(second.user().name == "session.user")
    }

    @Test("an async provider can be overridden and restored")
    func asyncOverride() async throws {
        final class Remote: Container {
            let scope = AppScope()
            var catalog: AsyncProvider<Service> { shared { Service(id: 1) } }
        }
        let remote = Remote()
        let override = remote.catalog.override { Service(id: 2) }
        #expect(try await remote.catalog.resolve().id == 2)
        override.cancel()
        #expect(try await remote.catalog.resolve().id == 1)
    }

    @Test("an override replaced by a later one is inactive, and cancelling it does nothing")
    func replacedOverrideCancel() {
        let app = TestApp()
        let first = app.service.override { Service(id: 2) }
        let second = app.service.override { Service(id: 3) }
        #expect(!first.isInEffect)
        first.cancel()
        #expect(app.service().id == 3)
        second.cancel()
        #expect(app.service().id == 1)
    }

    @Test("an override stays when its subscription is let go")
    func overrideOutlivesItsSubscription() {
        let app = TestApp()
        do { _ = app.service.override { Service(id: 4) } }
        #expect(app.service().id == 4)
    }

    @Test("an override of an ended container takes nothing, and its subscription is inactive")
    func overrideAfterEnd() {
        let app = TestApp()
        app.end()
        let override = app.service.override { Service(id: 5) }
        #expect(!override.isInEffect)
        override.cancel()
    }
}
