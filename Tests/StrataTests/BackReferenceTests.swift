import Strata
import Testing

/// Holds the router it was built with; ends with its session.
private final class Coordinator: ScopeBound {
    let router: Router
    let log: EventLog

    init(router: Router, log: EventLog) {
        self.router = router
        self.log = log
    }

    func scopeDidEnd() { log.record("end coordinator") }
}

/// Holds a back-reference to the coordinator that holds it.
private final class Router: Sendable {
    let coordinator: BackReference<Coordinator>

    init(coordinator: BackReference<Coordinator>) { self.coordinator = coordinator }
}

/// A session whose coordinator and router need each other.
private final class NavigationSession: Container {
    let scope: SessionScope<TestApp>

    init(parent: TestApp) { scope = SessionScope(parent: parent) }

    var coordinator: Provider<Coordinator> {
        shared { Coordinator(router: self.router(), log: self.parent.log) }
    }
    var router: Provider<Router> {
        shared { Router(coordinator: self.backReference(to: \.coordinator)) }
    }
}

/// A main-actor pair: a list view model and a row that refers back to it.
@MainActor
private final class ListModel: Sendable {
    let row: RowModel
    init(row: RowModel) { self.row = row }
}

@MainActor
private final class RowModel: Sendable {
    let list: MainActorBackReference<ListModel>
    init(list: MainActorBackReference<ListModel>) { self.list = list }
}

private final class ListContainer: Container {
    let scope: FeatureScope<TestApp>

    init(parent: TestApp) { scope = FeatureScope(parent: parent) }

    var list: MainActorProvider<ListModel> { shared { ListModel(row: self.row()) } }
    var row: MainActorProvider<RowModel> {
        shared { RowModel(list: self.backReference(to: \.list)) }
    }
}

@Suite struct BackReferenceTests {
    @Test("a back-reference resolves the instance of its live container")
    func resolvesWhileAlive() throws {
        let session = NavigationSession(parent: TestApp())
        let coordinator = session.coordinator()
        #expect(try coordinator.router.coordinator.resolve() === coordinator)
        #expect(coordinator.router.coordinator() === coordinator)
    }

    @Test("a session dropped without end() ends itself while an instance holds a back-reference")
    func droppedSessionEndsItself() {
        let app = TestApp()
        // The router, which holds the back-reference, is all that is kept of the session.
        let router = { () -> Router in
            let session = NavigationSession(parent: app)
            session.onEnd { _ in app.log.record("session ended") }
            return session.coordinator().router
        }()
        #expect(app.log.all == ["end coordinator", "session ended"])
        #expect(app.tree.children.isEmpty)
        withExtendedLifetime(router) {}
    }

    @Test("after the container is gone, resolve() throws ended naming the provider")
    func goneThrowsEndedNamingTheProvider() {
        let app = TestApp()
        let router = NavigationSession(parent: app).coordinator().router
        do {
            _ = try router.coordinator.resolve()
            Issue.record("resolved through a released container")
        } catch StrataError.ended(let provider) {
            #expect(provider.description == "NavigationSession.coordinator")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("after end(), resolve() throws ended naming the provider")
    func endedThrowsEndedNamingTheProvider() {
        let session = NavigationSession(parent: TestApp())
        let router = session.coordinator().router
        session.end()
        do {
            _ = try router.coordinator.resolve()
            Issue.record("resolved through an ended container")
        } catch StrataError.ended(let provider) {
            #expect(provider.description == "NavigationSession.coordinator")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("the trapping form traps after end() with the ended message")
    func trapsAfterEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let session = NavigationSession(parent: TestApp())
            let router = session.coordinator().router
            session.end()
            _ = router.coordinator()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            printed.contains("NavigationSession.coordinator was resolved after its container ended")
        )
    }

    @Test("a main-actor back-reference resolves on the main actor and reports the end")
    @MainActor
    func mainActorForm() throws {
        let container = ListContainer(parent: TestApp())
        let list = container.list()
        #expect(try list.row.list.resolve() === list)
        #expect(list.row.list() === list)
        container.end()
        #expect(throws: StrataError.self) { try list.row.list.resolve() }
    }
}
