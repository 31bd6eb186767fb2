// expected-error: 'init(parent:fileID:line:)' is unavailable: an app scope is the root of the tree and takes no parent. Write AppScope() for the root; under another container use SessionScope(parent:) (under an app), FeatureScope(parent:) or InteractionScope(parent:)
// expected-note: 'init(parent:fileID:line:)' has been explicitly marked unavailable here
import Strata

final class App: Container {
    let scope = AppScope()
}

// An app scope is a root: it takes no parent.
final class SecondApp: Container {
    let scope: AppScope
    init(parent: App) { scope = AppScope(parent: parent) }
}
