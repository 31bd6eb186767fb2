/// The registrations something that changes keeps of who follows it: the one list of
/// trackings and subscriptions, used by an ``Observed`` value for both, and by the one
/// registration Strata keeps for a property of a model (``PropertyObservation``) for its
/// followers.
///
/// Each is held weakly, so that the list keeps no follower alive; a follower lets go of its
/// registration when it stops (``remove(_:)``), and one that went without doing so is dropped
/// when the list is next read (``takeLive()``).
struct Registrations<Object> {
    private var registrations: [WeakRegistration<Object>] = []

    /// How many are registered, gone or not.
    var count: Int { registrations.count }

    /// Registers `object`, once: registering it again does nothing.
    mutating func add(_ object: Object) {
        let registration = WeakRegistration(object)
        if !registrations.contains(where: { $0.id == registration.id }) {
            registrations.append(registration)
        }
    }

    /// Registers `object`, which the caller knows is not registered yet — a new subscription
    /// — without looking for it first.
    mutating func addNew(_ object: Object) {
        registrations.append(WeakRegistration(object))
    }

    /// Forgets the newest registration of `id`, if any: short-lived containers end newest
    /// first, so the search is short.
    mutating func remove(_ id: ObjectIdentifier) {
        if let index = registrations.lastIndex(where: { $0.id == id }) {
            registrations.remove(at: index)
        }
    }

    /// The objects still alive, strongly; the registrations of the rest are dropped.
    ///
    /// Every object loaded is returned: under a lock, one released here could be the last
    /// reference, and run a deinit that calls back in.
    mutating func takeLive() -> [Object] {
        var live: [Object] = []
        live.reserveCapacity(registrations.count)
        registrations.removeAll { registration in
            guard let object = registration.object else { return true }
            live.append(object)
            return false
        }
        return live
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
