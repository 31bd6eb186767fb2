// expected-error: no exact matches in call to initializer
// expected-note: candidate requires that 'InteractionTier' conform to 'FeatureParentTier' (requirement specified as 'Parent.ContainerTier' : 'FeatureParentTier')
import Strata

final class App: Container {
    let scope = AppScope()
}

final class Dialog: Container {
    let scope: InteractionScope
    init(parent: App) { scope = InteractionScope(parent: parent) }
}

// A feature sits under an app, a session or a feature; never under an interaction.
final class Feature: Container {
    let scope: FeatureScope
    init(parent: Dialog) { scope = FeatureScope(parent: parent) }
}
