// expected-error: stored property 'count' of 'Sendable'-conforming class 'Counting' is mutable
import Strata

final class App: Container {
    let scope = AppScope()
}

// A container is Sendable: it holds its scope, which holds its parent, and plain values,
// never a `var`.
final class Counting: Container {
    let scope: FeatureScope<App>
    init(parent: App) { scope = FeatureScope(parent: parent) }
    var count = 0
}
