// expected-error: 'init(parent:fileID:line:)' is unavailable: a session scope's parent must be an app container (a Container whose scope is an AppScope). Make the session from the app container, or make this container a FeatureScope or InteractionScope to nest it under a session, feature or interaction
// expected-note: 'init(parent:fileID:line:)' has been explicitly marked unavailable here
import Strata

final class App: Container {
    let scope = AppScope()
}

final class Outer: Container {
    let scope: SessionScope<App>
    init(parent: App) { scope = SessionScope(parent: parent) }
}

// A session belongs under the app: only an app container compiles as its parent.
final class Inner: Container {
    let scope: SessionScope<Outer>
    init(parent: Outer) { scope = SessionScope(parent: parent) }
}
