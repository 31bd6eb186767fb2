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

/// A registration held weakly, with its identity kept apart: a subscription or tracking
/// that removes itself from its `deinit` can no longer be reached through a weak reference;
/// and the values a tracking read, which it leaves when it reads again.
///
/// The weak reference is the engine's one weak box, ``WeakReference``. `Object` is a class,
/// or a class-bound protocol's existential, which `AnyObject` cannot name as a constraint.
struct WeakRegistration<Object> {
    let id: ObjectIdentifier
    private let reference: WeakReference

    init(_ object: Object) {
        let object = object as AnyObject
        id = ObjectIdentifier(object)
        reference = WeakReference(object)
    }

    /// The object, if it is still alive.
    var object: Object? { reference.object(as: Object.self) }
}

extension Array {
    /// The objects the registrations still reach, strongly; the registrations of the rest
    /// are dropped.
    ///
    /// Every object loaded is returned: under a lock, one released here could be the last
    /// reference, and run a deinit that calls back in.
    mutating func takeLive<Object>() -> [Object] where Element == WeakRegistration<Object> {
        var live: [Object] = []
        live.reserveCapacity(count)
        removeAll { registration in
            guard let object = registration.object else { return true }
            live.append(object)
            return false
        }
        return live
    }

    /// Removes the newest registration of `id`, if any: short-lived containers end newest
    /// first, so the search is short.
    mutating func removeNewest<Object>(_ id: ObjectIdentifier)
    where Element == WeakRegistration<Object> {
        if let index = lastIndex(where: { $0.id == id }) { remove(at: index) }
    }
}
