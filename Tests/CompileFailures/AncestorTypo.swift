// expected-error: value of type 'Dialog' has no dynamic member 'aip' using key path from root type 'Never'
import Strata

final class App: Container {
    let scope = AppScope()
    var api: Provider<Int> { shared { 1 } }
}

final class Session: Container {
    let scope: SessionScope<App>
    init(parent: App) { scope = SessionScope(parent: parent) }
}

// A name no ancestor declares fails to compile: the lookup walks up to the root, whose
// parent is `Never`.
final class Dialog: Container {
    let scope: InteractionScope<Session>
    init(parent: Session) { scope = InteractionScope(parent: parent) }
    var doubled: Provider<Int> { shared { self.aip() * 2 } }
}
