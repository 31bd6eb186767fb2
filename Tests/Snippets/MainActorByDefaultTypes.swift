// What MainActorByDefault.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target Xcode makes is, so each
// class, struct and protocol here is main-actor, as the article says an app's own are.

@_exported import Observation

struct User {
    let name: String
}

protocol AuthAPI: Sendable {}
final class LocalAuthAPI: AuthAPI {}

final class Profile {
    let user: User
    let api: any AuthAPI

    init(user: User, api: any AuthAPI) {
        self.user = user
        self.api = api
    }
}

final class AppContainer: Container {
    let scope = AppScope()
    var api: MainActorProvider<any AuthAPI> { shared { LocalAuthAPI() } }
}

// The notes flow: a note, its repository, its list and its editor.
struct Note: Identifiable {
    let id: Int
}

protocol NoteRepository: Sendable {}
final class InMemoryNoteRepository: NoteRepository {}

final class NoteEditorModel {
    let note: Note
    let repository: any NoteRepository

    init(note: Note, repository: any NoteRepository) {
        self.note = note
        self.repository = repository
    }
}

final class NoteListModel {
    let repository: any NoteRepository
    init(repository: any NoteRepository) { self.repository = repository }
    func load() async {}
}

final class NotesContainer: Container {
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    var repository: MainActorProvider<any NoteRepository> { shared { InMemoryNoteRepository() } }
}
