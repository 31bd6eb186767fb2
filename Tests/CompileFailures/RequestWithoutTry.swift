// expected-error: call can throw, but it is not marked with 'try' and the error is not handled
import Strata

final class App: Container {
    let scope = AppScope()
}

// A request may arrive while its server shuts down: making its scope is always checked.
final class Request: Container {
    let scope: RequestScope<App>
    init(parent: App) { scope = RequestScope(checking: parent) }
}
