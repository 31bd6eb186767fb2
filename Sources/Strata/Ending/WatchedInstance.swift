/// An instance still alive when the end that released it made its report: watched, not
/// judged.
///
/// Most are gone moments later — held by the caller's locals, by the view model of a parent
/// the same end releases next, by a view on its way out — and are never heard of again. One
/// still alive once its end's whole subtree is released, the work Strata started for it has
/// finished and the grace period has passed is a ``Leak``: see ``EndReport/leaks()``.
public struct WatchedInstance: Sendable, Hashable, CustomStringConvertible {
    /// The provider that made the instance.
    public let provider: ProviderDescription
    /// The instance's type name.
    public let typeName: String
    /// The instance's identity, to compare with an instance a test holds.
    public let object: ObjectIdentifier
    /// The instance itself, held weakly, so that its judgement can tell whether it is gone.
    let reference: WeakReference
    /// Where the end that released the instance was called; `nil` for a container that
    /// ended by being released, or an instance that `endCachedInstance()` or an override ended.
    package let endSite: EndSite?

    init(provider: ProviderDescription, typeName: String, object: AnyObject, endSite: EndSite?) {
        self.provider = provider
        self.typeName = typeName
        self.object = ObjectIdentifier(object)
        self.reference = WeakReference(object)
        self.endSite = endSite
    }

    /// Whether the instance is still alive.
    public var isAlive: Bool { reference.object != nil }

    /// Two are equal when they name the same provider, type and instance.
    public static func == (lhs: WatchedInstance, rhs: WatchedInstance) -> Bool {
        lhs.provider == rhs.provider && lhs.typeName == rhs.typeName && lhs.object == rhs.object
    }

    /// Hashes the provider, the type name and the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(provider)
        hasher.combine(typeName)
        hasher.combine(object)
    }

    /// `SignedInContainer.profileViewModel: ProfileViewModel, alive when SignedInContainer
    /// ended; watched`.
    public var description: String {
        "\(provider): \(typeName), alive when \(provider.container.typeName) ended; watched"
    }
}
