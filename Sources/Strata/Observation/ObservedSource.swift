/// What a tracking follows outside Observation's own registrations.
///
/// An ``Observed`` value, or the one registration Strata keeps for a property of a model
/// (``PropertyObservation``). Each tells the trackings registered with it of its changes, and
/// lets go of a tracking when it stops, so a container that ends leaves nothing behind in
/// what outlives it.
protocol TrackingSource: AnyObject, Sendable {
    /// Tells `tracking` of the next changes, until it is removed; registering it twice
    /// registers it once.
    func addTracking(_ tracking: Tracking)
    /// Forgets the tracking `id` names; nothing if it is not registered.
    func removeTracking(_ id: ObjectIdentifier)
}

/// An ``Observed`` value as the subscriptions and trackings registered with it see it: each
/// lets go of its registration when it stops, so a container that ends leaves nothing
/// behind in a value that outlives it.
protocol ObservedSource: TrackingSource {
    /// Forgets the subscription `id` names; nothing if it is not registered.
    func removeSubscription(_ id: ObjectIdentifier)
}

/// The ``Observed`` values a tracking's read reads, collected on the reading thread.
///
/// While a tracking reads, an `Observed` getter records itself here instead of registering
/// with Observation: Observation keeps a registration until the value changes, with no way
/// to cancel it, so a long-lived value tracked from many short-lived containers would keep
/// one per container. Strata's own registration goes when the tracking does.
final class ObservedReads {
    private(set) var sources: [any TrackingSource] = []

    func record(_ source: any TrackingSource) {
        if !sources.contains(where: { $0 === source }) { sources.append(source) }
    }
}
