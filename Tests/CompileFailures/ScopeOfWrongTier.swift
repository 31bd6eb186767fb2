// expected-error: cannot assign value of type 'SessionScope<App>' (aka 'Scope<SessionTier, App>') to type 'FeatureScope<App>' (aka 'Scope<FeatureTier, App>')
import Strata

final class App: Container {
    let scope = AppScope()
}

// The scope's type fixes the container's tier: a feature cannot hold a session scope.
final class Feature: Container {
    let scope: FeatureScope<App>
    init(parent: App) { scope = SessionScope(parent: parent) }
}
