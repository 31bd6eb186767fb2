// expected: compiles
import Strata

final class App: Container {
    let scope = AppScope()
    func makeSession() -> Session { Session(parent: self) }
}

final class Session: Container {
    let scope: SessionScope
    let parent: App
    init(parent: App) {
        self.parent = parent
        scope = SessionScope(parent: parent)
    }
}

final class Feature: Container {
    let scope: FeatureScope
    init(parent: Session) { scope = FeatureScope(parent: parent) }
}

final class Dialog: Container {
    let scope: InteractionScope
    init(parent: Feature) { scope = InteractionScope(parent: parent) }
}

final class Request: Container {
    let scope: RequestScope
    init(parent: Session) throws(StrataError) { scope = try RequestScope(parent: parent) }
}

final class RequestStep: Container {
    let scope: InteractionScope
    init(parent: Request) { scope = InteractionScope(parent: parent) }
}

final class AppRequest: Container {
    let scope: RequestScope
    init(parent: App) throws(StrataError) { scope = try RequestScope(parent: parent) }
}

func serve(_ app: App) async throws -> Int {
    try await app.withRequest(AppRequest.init) { request in request.isActive ? 1 : 0 }
}

final class TaggedRequest: Container {
    let scope: RequestScope
    let tag: Int
    init(parent: App, tag: Int) throws(StrataError) {
        self.tag = tag
        scope = try RequestScope(parent: parent)
    }
}

// The article's form: a closure that makes the request with what the server received.
func serve(_ app: App, tag: Int) async throws -> Int {
    let make = { (app: App) in try TaggedRequest(parent: app, tag: tag) }
    return try await app.withRequest(make) { $0.tag }
}
