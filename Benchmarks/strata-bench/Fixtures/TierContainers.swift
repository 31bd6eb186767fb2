import Strata

// The chains of the tier-growth case. Each container re-exposes its parent's `apiClient`,
// so a leaf reads the app's `shared` through one tier (leaf → app) or four (leaf → feature
// → feature → session → app).

/// An interaction one tier below the app.
final class NearLeafContainer: Container {
    let scope: InteractionScope<BenchAppContainer>

    init(parent: BenchAppContainer) { self.scope = InteractionScope(parent: parent) }

    var apiClient: Provider<APIClient> { parent.apiClient }
}

/// A session under the app.
final class TierSessionContainer: Container {
    let scope: SessionScope<BenchAppContainer>

    init(parent: BenchAppContainer) { self.scope = SessionScope(parent: parent) }

    var apiClient: Provider<APIClient> { parent.apiClient }
}

/// A feature under the session.
final class TierFeatureContainer: Container {
    let scope: FeatureScope<TierSessionContainer>

    init(parent: TierSessionContainer) { self.scope = FeatureScope(parent: parent) }

    var apiClient: Provider<APIClient> { parent.apiClient }
}

/// A feature inside the feature.
final class TierSubfeatureContainer: Container {
    let scope: FeatureScope<TierFeatureContainer>

    init(parent: TierFeatureContainer) { self.scope = FeatureScope(parent: parent) }

    var apiClient: Provider<APIClient> { parent.apiClient }
}

/// An interaction four tiers below the app.
final class DeepLeafContainer: Container {
    let scope: InteractionScope<TierSubfeatureContainer>

    init(parent: TierSubfeatureContainer) { self.scope = InteractionScope(parent: parent) }

    var apiClient: Provider<APIClient> { parent.apiClient }

    /// Builds the whole chain under `app`.
    convenience init(under app: BenchAppContainer) {
        let session = TierSessionContainer(parent: app)
        let feature = TierFeatureContainer(parent: session)
        self.init(parent: TierSubfeatureContainer(parent: feature))
    }
}
