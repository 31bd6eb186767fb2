// expected-error: non-final class 'Screen' cannot conform to the 'Sendable' protocol
import Strata

final class App: Container {
    let scope = AppScope()
}

// A container is a final class: a subclass could add a `var`, so an open one could be
// Sendable only by an unchecked promise, which Strata never asks for.
class Screen: Container {
    let scope: FeatureScope<App>
    init(parent: App) { scope = FeatureScope(parent: parent) }
}
