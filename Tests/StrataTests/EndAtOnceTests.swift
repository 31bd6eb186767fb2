import Strata
import Testing

/// An instance that records its release, and nothing else: it has no end hook.
private final class Noted: Sendable {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    deinit { log.record("released \(name)") }
}

private final class PlainForm: Container {
    let scope: InteractionScope<TestApp>
    let log: EventLog

    init(parent: TestApp) {
        scope = InteractionScope(parent: parent)
        log = parent.log
    }

    var first: Provider<Noted> { shared { Noted("first", log: self.log) } }
    var second: Provider<Noted> { shared { Noted("second", log: self.log) } }
    var third: Provider<Noted> { shared { Noted("third", log: self.log) } }
    var bound: Provider<Tracked> { shared { Tracked("bound", log: self.log) } }
    var held: Provider<Noted> { weakShared { Noted("held", log: self.log) } }
}

/// Both ends look the same from outside: one step for a container with nothing to run at
/// its end, and the end's steps as soon as it has hooks, children or an instance to tell.
@Suite struct EndAtOnceTests {
    @Test("with nothing to run at the end, instances go newest first and survivors are reported")
    func plainContainerEndsInOrder() {
        let app = TestApp()
        let form = PlainForm(parent: app)
        _ = form.first()
        let survivor = form.second()
        _ = form.third()
        let report = form.end()
        #expect(!form.isActive)
        #expect(app.log.all == ["released third", "released first"])
        #expect(report.ended.map(\.typeName) == ["PlainForm"])
        #expect(report.watched.map(\.object) == [ObjectIdentifier(survivor)])
        #expect(app.tree.children.isEmpty)
        #expect(throws: StrataError.self) { try form.first.resolve() }
        #expect(form.end().ended.isEmpty)
    }

    @Test("released without end(), such a container ends itself and leaves its parent")
    func plainContainerReleased() {
        let app = TestApp()
        do {
            let form = PlainForm(parent: app)
            _ = form.first()
        }
        #expect(app.log.all == ["released first"])
        #expect(app.tree.children.isEmpty)
    }

    @Test("one ScopeBound instance takes the steps: it is told, then all go newest first")
    func scopeBoundInstanceIsTold() {
        let app = TestApp()
        let form = PlainForm(parent: app)
        _ = form.first()
        _ = form.bound()
        _ = form.third()
        form.end()
        #expect(
            app.log.all == [
                "made bound", "end bound", "released third", "released bound", "released first",
            ])
    }

    @Test("a weakShared instance takes the steps, and is not reported while held elsewhere")
    func weakSharedInstance() {
        let app = TestApp()
        let form = PlainForm(parent: app)
        let held = form.held()
        _ = form.first()
        let report = form.end()
        #expect(app.log.all == ["released first"])
        #expect(report.watched.map(\.object) == [ObjectIdentifier(held)])
    }

    @Test("the report names a child never used by its tier and place, after it, its parent")
    func reportNamesUnusedChild() {
        let app = TestApp()
        let feature = app.makeFeature()
        let report = withExtendedLifetime(feature) { app.end() }
        #expect(report.ended.count == 2)
        #expect(
            report.ended.first?.typeName.hasPrefix(
                "unnamed feature container made at StrataTests/Fixtures.swift:") == true)
        #expect(report.ended.first?.tier == "feature")
        #expect(report.ended.last?.typeName == "TestApp")
    }

    @Test("in a traced tree, each instance's end is traced")
    func tracedTreeTracesInstances() {
        let app = TestApp()
        let events = EventLog()
        app.onTrace { event in
            if case .instanceEnded = event { events.record(event.description) }
        }
        let form = PlainForm(parent: app)
        _ = form.first()
        _ = form.third()
        form.end()
        #expect(events.all.count == 2)
        #expect(events.all.first?.hasSuffix("third: Noted") == true)
    }
}
