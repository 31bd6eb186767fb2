// expected-error: 'init(parent:fileID:line:)' is unavailable: a request scope's parent must be an app or session container: a request is handled for the server or for a signed-in user. Make the request from the app or the session, or make this container an InteractionScope to nest it under a request
// expected-note: 'init(parent:fileID:line:)' has been explicitly marked unavailable here
import Strata

final class App: Container {
    let scope = AppScope()
}

final class Feature: Container {
    let scope: FeatureScope<App>
    init(parent: App) { scope = FeatureScope(parent: parent) }
}

// A request is handled for the server or a signed-in user: not under a feature.
final class Request: Container {
    let scope: RequestScope<Feature>
    init(parent: Feature) throws(StrataError) { scope = try RequestScope(parent: parent) }
}
