// What GettingStarted.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target is, so these are
// main-actor isolated as an app's own types are.

@_exported import Foundation
@_exported import Observation

struct UserSession: Equatable {
    let name: String
}

protocol UserSessionRepository: Sendable {}

final class FileUserSessionRepository: UserSessionRepository {
    let directory: URL
    init(directory: URL) { self.directory = directory }
}

struct Destination: Sendable {}

enum ProfileStatus {
    case viewing
    case showing(Destination)
}

struct ContactSupport: Route {
    typealias Output = Destination
    let topic: String
    init(about topic: String) { self.topic = topic }
}

// The session and the app's API that the feature of "A feature, before and after" reads.
final class SessionContainer: Container {
    let scope: SessionScope<AppContainer>
    init(parent: AppContainer) { scope = SessionScope(parent: parent) }
}

final class API: Sendable {}

extension AppContainer {
    var api: Provider<API> { shared { API() } }
}

final class Cart: Sendable {
    let api: API
    init(api: API) { self.api = api }
}

// The app, the signed-in session and the profile's container that the statements use.
let app = AppContainer(dataDirectory: FileManager.default.temporaryDirectory)
let signedIn = app.makeSignedInContainer(for: UserSession(name: "Ada"))
let profileContainer = signedIn
