// expected-error: no exact matches in call to initializer
// expected-note: candidate requires that the types 'SessionTier' and 'AppTier' be equivalent (requirement specified as 'Parent.ContainerTier' == 'AppTier')
import Strata

final class App: Container {
    let scope = AppScope()
}

final class Outer: Container {
    let scope: SessionScope
    init(parent: App) { scope = SessionScope(parent: parent) }
}

// A session belongs under the app: only an app container compiles as its parent.
final class Inner: Container {
    let scope: SessionScope
    init(parent: Outer) { scope = SessionScope(parent: parent) }
}
