// expected-error: cannot assign value of type 'SessionScope' (aka 'Scope<SessionTier>') to type 'FeatureScope' (aka 'Scope<FeatureTier>')
import Strata

final class App: Container {
    let scope = AppScope()
}

// The scope's type fixes the container's tier: a feature cannot hold a session scope.
final class Feature: Container {
    let scope: FeatureScope
    init(parent: App) { scope = SessionScope(parent: parent) }
}
