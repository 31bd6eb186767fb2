// expected-error: no exact matches in call to initializer
// expected-note: candidate requires that the types 'AppTier' and 'SessionTier' be equivalent (requirement specified as 'Level' == 'SessionTier')
import Strata

final class App: Container {
    let scope = AppScope()
}

// An app scope is a root: it takes no parent.
final class SecondApp: Container {
    let scope: AppScope
    init(parent: App) { scope = AppScope(parent: parent) }
}
