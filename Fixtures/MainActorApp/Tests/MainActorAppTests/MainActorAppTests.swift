import Strata
import StrataTesting
import Testing

@testable import MainActorApp

// These tests, like the module they test, are MainActor by default. The leak check judges
// what each test's ends left once the test is over: what a test still holds then is no leak.

@Suite("Strata in an app that is MainActor by default", .noLeaks)
struct MainActorAppTests {
    @Test("the README's four tiers run, and ending the session leaks nothing")
    func readmeExample() async {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "Ada"))
        let dialog = session.makeSettings().makeDialog()
        #expect(dialog.form().profile.user.name == "Ada")
        let report = session.end()
        #expect(await report.leaks().isEmpty, "\(report)")
        #expect(
            report.ended.map(\.typeName) == [
                "DialogContainer", "SettingsContainer", "SessionContainer",
            ])
    }

    @Test("a main-actor back-reference resolves while its container lives, and does not pin it")
    func backReference() {
        var flow: FlowContainer? = FlowContainer()
        let coordinator = flow!.coordinator()
        let router = coordinator.router
        #expect(router.coordinator() === coordinator)
        flow = nil
        // The router still lives, and its handle held the container only weakly.
        #expect(throws: StrataError.self) { try router.coordinator.resolve() }
    }

    @Test("the notes flow loads, edits one note per editor, and signing out leaks nothing")
    func notesFlow() async throws {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "Ada"))
        let notes = session.makeNotes()
        let list = notes.list()
        #expect(list.status == .idle)
        await list.load()
        guard case .loaded(let loaded) = list.status else {
            Issue.record("the list did not load: \(list.status)")
            return
        }
        #expect(loaded.map(\.title) == ["Groceries", "Ideas"])

        let editor = notes.editor(for: loaded[0])()
        #expect(notes.editor(for: loaded[0])() === editor)
        #expect(notes.editor(for: loaded[1])() !== editor)
        editor.rename(to: "Shopping")
        #expect(!editor.isSaved)
        try await editor.save()
        #expect(editor.isSaved)

        await list.load()
        #expect(list.status == .loaded([loaded[0].renamed("Shopping"), loaded[1]]))
        let preloaded = await notes.loadedList()
        #expect(preloaded.status == list.status)
        // The list and the editor are still in the test's hands at sign-out, as a view's
        // would be: watched, and judged once the test is over.
        let report = session.end()
        #expect(report.ended.map(\.typeName) == ["NotesContainer", "SessionContainer"])
        #expect(!notes.isActive)
    }
}

extension Note {
    fileprivate func renamed(_ title: String) -> Note {
        var note = self
        note.title = title
        return note
    }
}
