// expected-error: 'init(parent:fileID:line:)' is unavailable: a feature scope's parent must be an app, session or feature container, not an interaction: an interaction is the shortest-lived tier. Make the feature from the interaction's parent, or make this container an InteractionScope
// expected-note: 'init(parent:fileID:line:)' has been explicitly marked unavailable here
import Strata

final class App: Container {
    let scope = AppScope()
}

final class Dialog: Container {
    let scope: InteractionScope<App>
    init(parent: App) { scope = InteractionScope(parent: parent) }
}

// A feature sits under an app, a session or a feature; never under an interaction.
final class Feature: Container {
    let scope: FeatureScope<Dialog>
    init(parent: Dialog) { scope = FeatureScope(parent: parent) }
}
