import Strata
import Testing

/// A session made with the check, under an app that may be ending.
private final class CheckedSession: Container {
    let scope: SessionScope<TestApp>
    init(checking parent: TestApp) throws(StrataError) {
        scope = try SessionScope(checking: parent)
    }
}

/// A dialog that opens under any container.
private final class AnyDialog: Container {
    let scope: InteractionScope<any Container>
    init(parent: some Container) { scope = InteractionScope(parent: parent) }
}

/// The scope forms a tier offers beside `init(parent:)` with a typed parent.
@Suite("Scope forms")
struct ScopeFormsTests {
    @Test("a session made checked under an active app is its child; once its end began, it throws")
    func checkedSession() throws {
        let app = TestApp()
        let session = try CheckedSession(checking: app)
        #expect(app.tree.children.map(\.container.tier) == ["session"])
        session.end()
        app.end()
        do {
            _ = try CheckedSession(checking: app)
            Issue.record("a session was made under an ended app")
        } catch {
            guard case .childOfEnded(let parent, let tier, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(parent.typeName == "TestApp" && tier == "session")
        }
    }

    @Test("an interaction under any container is its child, and ends with it")
    func interactionUnderAnyContainer() {
        let app = TestApp()
        let session = app.makeSession()
        let dialog = AnyDialog(parent: session)
        #expect(session.tree.children.map(\.container.tier) == ["interaction"])
        session.end()
        #expect(!dialog.isActive)
        app.end()
    }
}
