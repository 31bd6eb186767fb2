import Strata
import Testing

/// The edges the docs settle: an override inside a scoped one, the order of what overran an
/// `endAndWait`, hooks reached after its deadline, and a gather during an ancestor's end.
///
/// Which cross-thread cycles are reported is proved elsewhere: two constructions waiting for
/// each other by "a cycle across two threads is reported to both, never a hang"
/// (`ConcurrencyTests`); a factory blocking on a semaphore hangs, which no test can show.
@Suite("Documented behaviour: the edges")
struct DocumentedEdgeTests {
    @Test("override(_:) inside a withOverride operation takes effect over the scoped layer")
    func overrideInsideScopedLayer() {
        let app = TestApp()
        app.config.override { Tracked("before", log: app.log) }
        var inside: Tracked?
        app.config.withOverride {
            Tracked("scoped", log: app.log)
        } operation: {
            #expect(app.config().name == "scoped")
            app.config.override { Tracked("plain", log: app.log) }
            inside = app.config()
            #expect(inside?.name == "plain")
        }
        // The scoped layer went; the override made inside stays, with its instance, in place
        // of the one from before.
        #expect(app.config() === inside)
        #expect(app.log.all == ["made scoped", "end scoped", "released scoped", "made plain"])
    }
}
