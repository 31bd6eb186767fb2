import Strata
import Synchronization
import Testing

/// The coordinator shape: a session instance that keeps the feature containers of the
/// screens it shows, each of which keeps the session.
final class ScreenCoordinator: Sendable {
    let screens: ChildContainers<ScreenFeature>

    init(session: CoordinatedSession) { screens = ChildContainers(in: session) }
}

final class CoordinatedSession: Container {
    let scope: SessionScope<TestApp>
    init(parent: TestApp) { scope = SessionScope(parent: parent) }

    var coordinator: Provider<ScreenCoordinator> { shared { ScreenCoordinator(session: self) } }

    /// Opens a screen whose container keeps this session, as a feature's does.
    @discardableResult
    func openScreen() -> ScreenFeature {
        let screen = ScreenFeature(parent: self)
        coordinator().screens.present(screen)
        return screen
    }
}

final class ScreenFeature: Container {
    let scope: FeatureScope<CoordinatedSession>

    init(parent: CoordinatedSession) { scope = FeatureScope(parent: parent) }

    var screen: Provider<Tracked> { shared { Tracked("screen", log: EventLog()) } }
}

/// Weak holds on what a test let go of, to see that it is gone.
final class Gone: Sendable {
    private let objects = Mutex<[WeakBox]>([])
    func watch(_ object: AnyObject) { objects.withLock { $0.append(WeakBox(object)) } }
    var allGone: Bool { objects.withLock { $0.allSatisfy { $0.object == nil } } }

    struct WeakBox: @unchecked Sendable {
        // @unchecked: only compared with nil, under the Mutex.
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}

@Suite("Child containers a parent-tier object presents")
struct ChildContainersTests {
    @Test("dismiss ends the child and returns its report")
    func dismissEnds() {
        let session = CoordinatedSession(parent: TestApp())
        let screen = session.openScreen()
        _ = screen.screen()
        let report = session.coordinator().screens.dismiss(screen)
        #expect(report.ended.map(\.typeName) == ["ScreenFeature"])
        #expect(!screen.isActive)
        #expect(session.coordinator().screens.all.isEmpty)
        session.end()
    }

    @Test("the owner's end ends every child still kept, and lets go of them")
    func ownerEndEndsChildren() {
        let gone = Gone()
        let session = CoordinatedSession(parent: TestApp())
        do {
            let first = session.openScreen()
            let second = session.openScreen()
            gone.watch(first)
            gone.watch(second)
        }
        #expect(session.coordinator().screens.all.count == 2)
        let report = session.end()
        #expect(
            report.ended.map(\.typeName) == [
                "ScreenFeature", "ScreenFeature", "CoordinatedSession",
            ])
        #expect(gone.allGone)
    }

    @Test("a child that ends by itself leaves the list")
    func childEndLeaves() {
        let session = CoordinatedSession(parent: TestApp())
        let screen = session.openScreen()
        screen.end()
        #expect(session.coordinator().screens.all.isEmpty)
        session.end()
    }

    @Test("a child presented after the owner ended is ended at once")
    func presentAfterEnd() {
        let app = TestApp()
        let session = CoordinatedSession(parent: app)
        let screens = session.coordinator().screens
        let late = ScreenFeature(parent: session)
        session.end()
        screens.present(late)
        #expect(!late.isActive)
        #expect(screens.all.isEmpty)
    }

    @Test("a child let go without an end ends itself")
    func removedChildEndsItself() {
        let gone = Gone()
        let session = CoordinatedSession(parent: TestApp())
        do {
            let screen = session.openScreen()
            gone.watch(screen)
        }
        session.coordinator().screens.removeAll()
        #expect(gone.allGone)
        session.end()
    }

    @Test("a session held through Owned and let go while a screen is open ends, and all goes")
    func ownedSessionDroppedWithAScreenOpen() {
        let gone = Gone()
        let app = TestApp()
        var held: Owned<CoordinatedSession>? = Owned(CoordinatedSession(parent: app))
        do {
            let session = held!.container
            let screen = session.openScreen()
            _ = screen.screen()
            gone.watch(session)
            gone.watch(screen)
            gone.watch(session.coordinator())
        }
        held = nil
        #expect(gone.allGone)
        #expect(app.tree.children.isEmpty)
    }
    // The same session let go bare while a screen is open is a cycle: the check reports it
    // as never ended, under the screen (TraitJudgementTests.leakedContainer).
}
