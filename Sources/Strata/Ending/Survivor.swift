/// An instance still alive after the container that made it ended and released it.
public struct Survivor: Sendable, Hashable, CustomStringConvertible {
    /// The provider that made the instance.
    public let provider: ProviderDescription
    /// The instance's type name.
    public let typeName: String
    /// The instance's identity, to compare with an instance a test holds.
    public let object: ObjectIdentifier
    /// The instance itself, held weakly, so that ``EndReport/recheck()`` can tell whether
    /// it is gone since.
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

    /// Two survivors are equal when they name the same provider, type and instance.
    public static func == (lhs: Survivor, rhs: Survivor) -> Bool {
        lhs.provider == rhs.provider && lhs.typeName == rhs.typeName && lhs.object == rhs.object
    }

    /// Hashes the provider, the type name and the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(provider)
        hasher.combine(typeName)
        hasher.combine(object)
    }

    /// `SignedInContainer.profileViewModel: ProfileViewModel is still alive`, with a hint.
    public var description: String {
        "\(provider): \(typeName) is still alive after \(provider.container.typeName) ended "
            + "(held by a retain cycle, a strong capture or a global)"
    }
}
