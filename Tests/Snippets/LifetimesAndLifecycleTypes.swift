// What LifetimesAndLifecycle.md's blocks use but do not define, declared plainly: no
// isolation annotation. The module is MainActor by default, as an app target: the app's own
// classes are main-actor, so their providers are `MainActorProvider`s.

@_exported import Foundation
@_exported import StrataTesting
@_exported import Testing

struct UserSession: Equatable {
    let name: String
}

final class ProfileViewModel {
    let session: UserSession
    init(session: UserSession) { self.session = session }
}

struct Token {}

final class Keychain {
    func token() -> Token? { nil }
}

protocol ImageCache: AnyObject, Sendable {}
final class MemoryImageCache: ImageCache {}

final class Coordinator {
    let router: Router
    init(router: Router) { self.router = router }
}

final class Router {
    let coordinator: MainActorBackReference<Coordinator>
    init(coordinator: MainActorBackReference<Coordinator>) { self.coordinator = coordinator }
}

// The app whose members the blocks show, and the containers below it.
final class AppContainer: Container {
    let scope = AppScope()
    let dataDirectory: URL
    let keychain = Keychain()

    init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    func makeSignedInContainer(for session: UserSession) -> SignedInContainer {
        SignedInContainer(parent: self, session: session)
    }
}

final class SignedInContainer: Container {
    let scope: SessionScope<AppContainer>
    let session: UserSession
    init(parent: AppContainer, session: UserSession) {
        self.session = session
        scope = SessionScope(parent: parent)
    }
    var profileViewModel: MainActorProvider<ProfileViewModel> {
        shared { ProfileViewModel(session: self.session) }
    }
}

struct Note {
    let id: Int
}

final class EditorViewModel {}

final class NoteListContainer: Container {
    let scope: FeatureScope<AppContainer>
    init(parent: AppContainer) { scope = FeatureScope(parent: parent) }
    func makeEditor(for note: Note) -> EditorContainer { EditorContainer(parent: self) }
}

final class EditorContainer: Container {
    let scope: InteractionScope<NoteListContainer>
    init(parent: NoteListContainer) { scope = InteractionScope(parent: parent) }
    var viewModel: MainActorProvider<EditorViewModel> { shared { EditorViewModel() } }
}

// A feature that answers the title of what it shows.
final class FeatureContainer: Container {
    let scope: FeatureScope<AppContainer>
    let title: String
    init(parent: AppContainer, title: String) {
        self.title = title
        scope = FeatureScope(parent: parent)
    }
}

struct NoteTitle: Route {
    typealias Output = String
}

func log(_ message: String) { print(message) }

let temporaryDirectory = FileManager.default.temporaryDirectory
let session = UserSession(name: "Ada")
let app = AppContainer(dataDirectory: temporaryDirectory)
let signedIn = app.makeSignedInContainer(for: session)
let list = NoteListContainer(parent: app)
let note = Note(id: 1)
let feature = FeatureContainer(parent: app, title: "Notes")
