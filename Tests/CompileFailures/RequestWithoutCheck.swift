// expected-error: 'init(parent:fileID:line:)' is unavailable: a request may arrive while its server shuts down, so its scope is made with the check: write try RequestScope(checking: parent), which throws once the parent's end has begun. The parent is an app or session container (a request is handled for the server or for a signed-in user); under a request, make an InteractionScope
// expected-note: 'init(parent:fileID:line:)' has been explicitly marked unavailable here
import Strata

final class App: Container {
    let scope = AppScope()
}

// A request under the app, made as a session or a feature is: refused, since a request may
// arrive while its server shuts down, and the error names the checked form.
final class Request: Container {
    let scope: RequestScope<App>
    init(parent: App) { scope = RequestScope(parent: parent) }
}
