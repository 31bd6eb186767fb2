// What TestingWithOverrides.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target and its tests are: the
// app's own types are main-actor, so their providers are `MainActorProvider`s. The
// containers are GettingStarted.md's, with the API and the details the article overrides.

@_exported import Foundation
@_exported import StrataTesting
@_exported import Testing

struct UserSession: Equatable {
    let userID: String
    let name: String
    let email: String
    let token: String
}

protocol UserSessionRepository: Sendable {}

final class FileUserSessionRepository: UserSessionRepository {
    let directory: URL
    init(directory: URL) { self.directory = directory }
}

final class InMemoryUserSessionRepository: UserSessionRepository {}

final class ProfileViewModel {
    let session: UserSession
    let repository: any UserSessionRepository

    init(session: UserSession, repository: any UserSessionRepository) {
        self.session = session
        self.repository = repository
    }
}

protocol API: Sendable {}
final class LiveAPI: API {}
final class OfflineAPI: API {}
final class SlowAPI: API {}

protocol Detail: Sendable {}

final class LiveDetail: Detail {
    let id: Int
    init(id: Int) { self.id = id }
}

final class FakeDetail: Detail {
    let id: Int
    let title: String
    init(id: Int, title: String = "Fake") {
        self.id = id
        self.title = title
    }
}

final class AppContainer: Container {
    let scope = AppScope()
    let dataDirectory: URL

    init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    var sessionRepository: MainActorProvider<any UserSessionRepository> {
        shared { FileUserSessionRepository(directory: self.dataDirectory) }
    }
    var api: MainActorProvider<any API> { shared { LiveAPI() } }
    func detail(id: Int) -> MainActorProvider<any Detail> {
        shared(by: id) { LiveDetail(id: id) }
    }

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
        shared { ProfileViewModel(session: self.session, repository: self.sessionRepository()) }
    }
}

// Whatever keeps an instance in an app: a cache, a notification centre.
final class Registry {
    private var kept: [AnyObject] = []
    func keep(_ instance: AnyObject) { kept.append(instance) }
}

// The app's own sign-in, which makes the session container.
func signIn(through app: AppContainer) async {
    let signedIn = app.makeSignedInContainer(for: demo)
    signedIn.end()
}

let demo = UserSession(userID: "1", name: "Demo", email: "demo@example.com", token: "t")
let app = AppContainer(dataDirectory: FileManager.default.temporaryDirectory)
let signedIn = app.makeSignedInContainer(for: demo)
