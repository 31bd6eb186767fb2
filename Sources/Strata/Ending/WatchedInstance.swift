/// An instance that outlived the end that released it.
///
/// An end lists what is still alive when it makes its report in ``EndReport/watched``:
/// watched, not judged. Most are gone moments later — held by the caller's locals, by the
/// view model of a parent the same end releases next, by a view on its way out — and are never
/// heard of again.
///
/// One still alive once its end's whole subtree is released, the work Strata started for that
/// end has finished and the grace period has passed is a leak: something outside Strata holds
/// it, a retain cycle, a closure that captured it strongly, a global. The root's watcher judges
/// each survivor once, and gives the leaks to ``EndReport/leaks()``, to
/// ``Container/onLeak(_:)`` receivers and to the test trait, as survivors too: a survivor
/// compares equal to itself watched and judged.
public struct WatchedInstance: Sendable, Hashable, CustomStringConvertible {
    /// The provider that made the instance.
    public let provider: ProviderDescription
    /// The instance's type name.
    public let typeName: String
    /// The instance's identity, to compare with an instance a test holds.
    public let object: ObjectIdentifier
    /// The instance itself, held weakly, so that its judgement can tell whether it is gone.
    let reference: WeakReference
    /// Where the end that released the instance was called, or the call that took it out of
    /// a container that stays active (``takenOutBy``); `nil` for a container that ended by
    /// being released, or a call that names no place.
    package let endSite: SourceSite?
    /// What took the instance out of a container that stayed active — `endCachedInstance()`,
    /// a change of its provider's override — or `nil` when its container's end released it.
    package let takenOutBy: String?
    /// Whether the watcher judged it leaked: it was still alive at its judgement.
    private(set) var isLeak: Bool

    init(
        provider: ProviderDescription, typeName: String, object: AnyObject, endSite: SourceSite?,
        takenOutBy: String? = nil
    ) {
        self.provider = provider
        self.typeName = typeName
        self.object = ObjectIdentifier(object)
        self.reference = WeakReference(object)
        self.endSite = endSite
        self.takenOutBy = takenOutBy
        self.isLeak = false
    }

    /// The same survivor, judged leaked.
    var leaked: WatchedInstance {
        var leaked = self
        leaked.isLeak = true
        return leaked
    }

    /// The grace period a root's watcher waits, once an end's subtree is released and its
    /// work has finished, before it judges what is still alive: two seconds.
    ///
    /// It covers what a caller still holds when the end returns — a local of the function
    /// that ended the container, a view still on screen for its dismissal — which lets go
    /// moments later. A root made in a test under `.noLeaks` uses the trait's grace
    /// instead.
    package static let defaultGrace = Duration.seconds(2)

    /// Whether the instance is still alive: what a judgement asks.
    package var isStillAlive: Bool { reference.object != nil }

    /// Two are equal when they name the same provider, type and instance, watched or judged.
    public static func == (lhs: WatchedInstance, rhs: WatchedInstance) -> Bool {
        lhs.provider == rhs.provider && lhs.typeName == rhs.typeName && lhs.object == rhs.object
    }

    /// Hashes the provider, the type name and the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(provider)
        hasher.combine(typeName)
        hasher.combine(object)
    }

    /// What it is, and whether it was watched or judged leaked.
    ///
    /// Watched: `SignedInContainer.profileViewModel: ProfileViewModel, alive when
    /// SignedInContainer ended; watched`. Judged leaked: the same, with the likely cause.
    public var description: String {
        guard isLeak else {
            return
                "\(provider): \(typeName), alive when \(provider.containerDescription.typeName) ended; "
                + "watched"
        }
        return
            "\(provider): \(typeName) is still alive after \(provider.containerDescription.typeName) "
            + "ended and its grace period passed: leaked (held by a retain cycle, a strong "
            + "capture or a global)"
    }
}
