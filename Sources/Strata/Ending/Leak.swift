/// An instance confirmed leaked: still alive once the end that released it had released its
/// whole subtree, the work Strata started for that end had finished, and the grace period
/// had passed since.
///
/// Something outside Strata holds it: a retain cycle, a closure that captured it strongly, a
/// global. Found by a root's watcher, which judges each ``WatchedInstance`` once, and told
/// to ``Container/onLeak(_:)`` receivers, to ``EndReport/leaks()`` and to the test trait.
public struct Leak: Sendable, Hashable, CustomStringConvertible {
    /// The provider that made the instance.
    public let provider: ProviderDescription
    /// The instance's type name.
    public let typeName: String
    /// The instance's identity, to compare with an instance a test holds.
    public let object: ObjectIdentifier
    /// Where the end that released the instance was called; `nil` for a container that
    /// ended by being released, or an instance that `endCachedInstance()` or an override ended.
    package let endSite: EndSite?

    /// The leak of `watched`, found alive at its judgement.
    init(_ watched: WatchedInstance) {
        provider = watched.provider
        typeName = watched.typeName
        object = watched.object
        endSite = watched.endSite
    }

    /// The grace period a root's watcher waits, once an end's subtree is released and its
    /// work has finished, before it judges what is still alive: two seconds.
    ///
    /// It covers what a caller still holds when the end returns — a local of the function
    /// that ended the container, a view still on screen for its dismissal — which lets go
    /// moments later. A root made in a test under `.noSurvivors` uses the
    /// trait's grace instead.
    package static let defaultGrace = Duration.seconds(2)

    /// `SignedInContainer.profileViewModel: ProfileViewModel leaked`, with the likely cause.
    public var description: String {
        "\(provider): \(typeName) is still alive after \(provider.container.typeName) ended "
            + "and its grace period passed: leaked (held by a retain cycle, a strong capture "
            + "or a global)"
    }
}
