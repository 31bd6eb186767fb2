// expected-error: 'init(parent:fileID:line:)' is unavailable: a request may arrive while its server shuts down, so its scope is made with the check: write try RequestScope(checking: parent), which throws once the parent's end has begun. The parent is an app or session container (a request is handled for the server or for a signed-in user); under a request, make an InteractionScope
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
