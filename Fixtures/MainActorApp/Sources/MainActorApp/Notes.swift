import Observation
import Strata

// A small notes flow as an app that is MainActor by default writes it: a list that loads
// its notes and shows a status, and one editor view model per note.

struct Note: Hashable, Identifiable {
    let id: Int
    var title: String
}

/// MainActor by default like every type here; `Sendable` so a container can hold it.
protocol NoteRepository: Sendable {
    func allNotes() async throws -> [Note]
    func save(_ note: Note) async throws
}

final class InMemoryNoteRepository: NoteRepository {
    private var notes: [Note]
    init(notes: [Note]) { self.notes = notes }
    func allNotes() -> [Note] { notes }
    func save(_ note: Note) {
        notes = notes.map { $0.id == note.id ? note : $0 }
    }
}

@Observable final class NoteListModel {
    enum Status: Equatable {
        case idle
        case loading
        case loaded([Note])
        case failed(String)
    }

    private(set) var status = Status.idle
    private let repository: any NoteRepository

    init(repository: any NoteRepository) { self.repository = repository }

    func load() async {
        status = .loading
        do {
            status = .loaded(try await repository.allNotes())
        } catch {
            status = .failed("\(error)")
        }
    }
}

@Observable final class NoteEditorModel {
    private(set) var note: Note
    private(set) var isSaved = true
    private let repository: any NoteRepository

    init(note: Note, repository: any NoteRepository) {
        self.note = note
        self.repository = repository
    }

    func rename(to title: String) {
        note.title = title
        isSaved = false
    }

    func save() async throws {
        try await repository.save(note)
        isSaved = true
    }
}

/// The notes feature, opened from a signed-in session.
final class NotesContainer: Container {
    let scope: FeatureScope<SessionContainer>

    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }

    var repository: MainActorProvider<any NoteRepository> {
        shared {
            InMemoryNoteRepository(notes: [
                Note(id: 1, title: "Groceries"), Note(id: 2, title: "Ideas"),
            ])
        }
    }
    var list: MainActorProvider<NoteListModel> {
        shared { NoteListModel(repository: self.repository()) }
    }
    var loadedList: AsyncProvider<NoteListModel> {
        shared {
            let list = await NoteListModel(repository: self.repository())
            await list.load()
            return list
        }
    }
    func editor(for note: Note) -> MainActorProvider<NoteEditorModel> {
        shared(by: note.id) { NoteEditorModel(note: note, repository: self.repository()) }
    }
}

extension SessionContainer {
    func makeNotes() -> NotesContainer { NotesContainer(parent: self) }
}
