import MinimalKit
import Strata
import StrataTesting
import Testing

/// The sample's flow through its four tiers, its view model's status, and its console.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct MinimalTests {
    let app = AppContainer()

    @Test func aNoteGoesFromTheFormThroughTheViewModelToTheStore() async throws {
        let notes = app.makeSession(for: "ada").makeNotes()
        let formContainer = notes.makeNoteForm()
        let form = formContainer.form()
        form.title = "Groceries"
        form.text = "milk, eggs"

        #expect(await form.save())
        let report = formContainer.end()

        let saved = Note(title: "Groceries", text: "milk, eggs")
        #expect(notes.viewModel().status == .loaded([saved]))
        #expect(try await app.notes().notes(of: "ada") == [saved])
        #expect(report.ended.map(\.typeName) == ["NoteFormContainer"])
        #expect(notes.isActive)
        await app.endAndWait()
    }

    @Test func aBlankTitleSavesNothing() async {
        let notes = app.makeSession(for: "ada").makeNotes()
        let formContainer = notes.makeNoteForm()
        formContainer.form().title = "  "

        #expect(await formContainer.form().save() == false)
        #expect(notes.viewModel().status == .idle)
        await app.endAndWait()
    }

    @Test func theStatusShowsLoadingUntilTheStoreAnswersThenTheNotes() async {
        let store = GatedNoteRepository(notes: [Note(title: "Ideas")])
        app.notes.override { store }
        let viewModel = app.makeSession(for: "ada").makeNotes().viewModel()
        #expect(viewModel.status == .idle)

        let loading = Task { await viewModel.load() }
        await store.readArrived()
        #expect(viewModel.status == .loading)
        await store.letThrough()
        await loading.value

        #expect(viewModel.status == .loaded([Note(title: "Ideas")]))
        await app.endAndWait()
    }

    @Test func aStoreThatFailsLeavesTheStatusFailedWithItsReason() async {
        app.notes.override { BrokenNoteRepository() }
        let viewModel = app.makeSession(for: "ada").makeNotes().viewModel()

        await viewModel.load()
        #expect(viewModel.status == .failed("the store is offline"))
        await viewModel.add(Note(title: "Lost"))
        #expect(viewModel.status == .failed("the store is offline"))
        await app.endAndWait()
    }

    @Test func theInMemoryStoreIsSwappedWithOverrideForEveryTierBelow() async {
        let seeded = InMemoryNoteRepository(["ada": [Note(title: "Seeded")]])
        app.notes.override { seeded }
        let viewModel = app.makeSession(for: "ada").makeNotes().viewModel()

        await viewModel.load()
        #expect(viewModel.status == .loaded([Note(title: "Seeded")]))
        await app.endAndWait()
    }

    @Test func signOutEndsTheSessionAndEverythingUnderItButNotTheApp() async {
        let session = app.makeSession(for: "ada")
        let notes = session.makeNotes()
        let formContainer = notes.makeNoteForm()
        _ = formContainer.form()

        let report = await session.endAndWait()

        #expect(
            report.ended.map(\.typeName) == [
                "NoteFormContainer", "NotesContainer", "SessionContainer",
            ])
        #expect(!formContainer.isActive && !notes.isActive && !session.isActive)
        #expect(app.isActive)
        #expect(throws: StrataError.self) { try notes.viewModel.resolve() }
        await app.endAndWait()
    }

    @Test func eachUserSeesTheirOwnNotesAndTheyOutliveTheSession() async {
        let ada = app.makeSession(for: "ada")
        await ada.makeNotes().viewModel().add(Note(title: "Ada's"))
        await ada.endAndWait()

        let bob = app.makeSession(for: "bob").makeNotes().viewModel()
        await bob.load()
        #expect(bob.status == .loaded([]))
        let adaAgain = app.makeSession(for: "ada").makeNotes().viewModel()
        await adaAgain.load()
        #expect(adaAgain.status == .loaded([Note(title: "Ada's")]))
        await app.endAndWait()
    }

    @Test func theConsoleRunsAScriptAndEndsCleanlyWhenTheInputStopsInAForm() async {
        var script = [
            "list", "sign in ada", "sign in bob", "open notes", "new note", "Groceries",
            "milk, eggs", "list", "fly away", "sign out", "sign out", "sign in bob",
            "open notes", "new note", "Half a",
        ]
        var transcript = ""
        let console = Console(
            app: app, input: { script.isEmpty ? nil : script.removeFirst() },
            output: { transcript += $0 })

        await console.run()

        expectInOrder(
            transcript,
            [
                "> list\n", "The notes are not open: open notes first.\n",
                "> sign in ada\n", "Signed in as ada: a session under the app.\n",
                "> sign in bob\n", "ada is signed in: sign out first.\n",
                "> open notes\n", "No notes yet: new note adds one.\n",
                "> new note\n", "title> Groceries\n", "text> milk, eggs\n",
                "Notes of ada:\n  - Groceries: milk, eggs\n",
                "Form closed. Ended: NoteFormContainer.\n",
                "> list\n", "Notes of ada:\n  - Groceries: milk, eggs\n",
                "> fly away\n", "Unknown command 'fly away'. Commands: sign in NAME,",
                "> sign out\n", "Signed out. Ended: NotesContainer, SessionContainer.\n",
                "> sign out\n", "Nobody is signed in.\n",
                "> open notes\n", "> new note\n", "title> Half a\n", "text> \nEnd of input.\n",
                "The note is not saved.\n", "Form closed. Ended: NoteFormContainer.\n",
                "Signed out. Ended: NotesContainer, SessionContainer.\n",
            ])
        #expect(!String(describing: app.tree).contains("SessionContainer"))
        let report = await app.endAndWait()
        #expect(report.ended.map(\.typeName) == ["AppContainer"])
    }
}

/// A store that fails every call.
struct BrokenNoteRepository: NoteRepository {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "the store is offline" }
    }

    func notes(of user: String) async throws -> [Note] { throw Offline() }
    func add(_ note: Note, for user: String) async throws { throw Offline() }
}

/// A store whose reads wait until the test lets them through, so that the test sees the
/// view model while it waits.
actor GatedNoteRepository: NoteRepository {
    private let notes: [Note]
    private var waitingRead: CheckedContinuation<Void, Never>?
    private var waitingTest: CheckedContinuation<Void, Never>?

    init(notes: [Note]) { self.notes = notes }

    func notes(of user: String) async -> [Note] {
        await withCheckedContinuation { read in
            waitingRead = read
            waitingTest?.resume()
            waitingTest = nil
        }
        return notes
    }

    func add(_ note: Note, for user: String) {}

    /// Returns once a read is waiting.
    func readArrived() async {
        guard waitingRead == nil else { return }
        await withCheckedContinuation { waitingTest = $0 }
    }

    /// Lets the waiting read through.
    func letThrough() {
        waitingRead?.resume()
        waitingRead = nil
    }
}

/// Checks that `text` holds each of `parts`, in that order.
func expectInOrder(
    _ text: String, _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    var rest = text[...]
    for part in parts {
        guard let range = rest.firstRange(of: part) else {
            Issue.record(
                "missing, or out of order: \(part.debugDescription)\n--- in ---\n\(text)",
                sourceLocation: sourceLocation)
            return
        }
        rest = rest[range.upperBound...]
    }
}
