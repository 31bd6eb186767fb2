import Strata
import Testing

/// A feature whose providers capture nothing of it: a kept provider keeps only its scope.
private final class Panel: Container {
    let scope: FeatureScope<TestApp>

    init(parent: TestApp) { scope = FeatureScope(parent: parent) }

    var clock: Provider<Service> { shared { Service(id: 7) } }
}

/// What keeps a scope open — its container, a kept provider, a live child — and what does
/// not: a parent's list of children, a kept contribution or plan.
@Suite struct ScopeHandleTests {
    @Test("a provider kept after its container is released keeps the scope open until dropped")
    func keptProviderKeepsTheScopeOpen() throws {
        let app = TestApp()
        let ended = Counter()
        var panel: Panel? = Panel(parent: app)
        panel?.onEnd { _ in ended.next() }
        var clock = panel?.clock
        weak let released = panel
        panel = nil
        #expect(released == nil)
        #expect(ended.value == 0)
        #expect(try clock?.resolve().id == 7)
        #expect(app.tree.children.count == 1)
        clock = nil
        #expect(ended.value == 1)
        #expect(app.tree.children.isEmpty)
    }

    @Test("a live child keeps its parent open; releasing the child ends both, child first")
    func liveChildKeepsItsParentOpen() throws {
        let log = EventLog()
        var app: TestApp? = TestApp(log: log)
        app?.onEnd { _ in log.record("app ended") }
        var feature = app.map { TestFeature(parent: $0) }
        feature?.onEnd { _ in log.record("feature ended") }
        // The feature's scope holds the app container, as its `parent`.
        weak let releasedApp = app
        app = nil
        #expect(releasedApp != nil)
        #expect(feature?.isActive == true)
        _ = try feature?.screen.resolve()
        let ends = { log.all.filter { $0.hasSuffix(" ended") } }
        #expect(ends() == [])
        feature = nil
        #expect(releasedApp == nil)
        #expect(ends() == ["feature ended", "app ended"])
    }

    @Test("a child released without end() leaves its parent's list, and nothing holds it after")
    func releasedChildIsLetGo() {
        let app = TestApp()
        var feature: TestFeature? = app.makeFeature()
        _ = feature?.screen()
        weak let core = feature?.scope.core
        #expect(app.scope.core.heldCounts.childSlots == 1)
        feature = nil
        #expect(app.scope.core.heldCounts.childSlots == 0)
        #expect(core == nil)
    }

    @Test("a parent's end lets go of the children it ended; their containers keep their own")
    func endedParentLetsGoOfItsChildren() {
        let app = TestApp()
        var features: [TestFeature] = (0..<3).map { _ in app.makeFeature() }
        weak let core = features.first?.scope.core
        app.end()
        #expect(app.scope.core.heldCounts.childSlots == 0)
        #expect(core != nil)
        #expect(features.allSatisfy { !$0.isActive })
        features.removeAll()
        #expect(core == nil)
    }

    @Test("a kept contribution or plan does not keep its container open")
    func contributionsAndPlansDoNotKeepContainersOpen() {
        let ended = Counter()
        var app: TestApp? = TestApp()
        app?.onEnd { _ in ended.next() }
        let plan = app?.prepare(TestFeature.self) { _ in }
        let contribution = app?.contribute(Names.self) { _ in "app" }
        app = nil
        #expect(ended.value == 1)
        #expect(contribution?.isInEffect == false)
        // Both are harmless once their container has gone.
        contribution?.cancel()
        plan?.cancel()
    }
}
