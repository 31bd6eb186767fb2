import Dispatch
import Observation

/// The one Observation registration Strata keeps for a property of a model, shared by every
/// tracking that follows that property: the key-path forms of `track`.
///
/// Observation keeps each registration in the model until the model next changes, and
/// cannot take one back. A registration per tracking would leave one behind for every
/// short-lived container that followed a long-lived model that does not change. Here the
/// trackings register with Strata instead, which forgets them when they stop, and the
/// observation installs one registration for all of them: the first read installs it, a
/// change fires it, and the next read installs the next. When the last follower ends, the
/// live registration stays in the model with only this small object, which the next
/// follower of the same property finds and reuses (``of(_:_:delivering:)``); the next change
/// lets it go.
///
/// The registration holds the observation, the observation holds its model and followers
/// weakly: a model that lives on keeps nothing of a container that ended, and a model that
/// goes releases the registration and the observation with it.
package final class PropertyObservation: TrackingSource {
    private struct State {
        var machine = PropertyObservationState()
        var followers = Registrations<Tracking>()
    }

    private let state = Lock(State())
    /// The model whose property this observes, for ``of(_:_:delivering:)`` to check.
    private let model: WeakReference
    /// Where the followers deliver.
    private let delivery: TrackingDelivery

    private init(model: AnyObject, delivering delivery: TrackingDelivery) {
        self.model = WeakReference(model)
        self.delivery = delivery
    }

    /// Makes sure a registration covers the property before the caller reads it: installs
    /// one by running `read` inside `withObservationTracking` if none is live, or waits for
    /// the one another thread is installing.
    ///
    /// A change announced after this returns fires the registration; one stored before is in
    /// what the caller reads next.
    ///
    /// - Parameter read: Reads the property; it runs on the calling thread, if at all.
    func arm<Value>(_ read: () -> Value) {
        let stack = ResolutionStack.current
        var token: Construction?
        defer { if var token { stack.giveBack(&token) } }
        while true {
            switch state.withLock({ $0.machine.arm(as: stack.agent, holding: token) }) {
            case .ready:
                return
            case .claim:
                token = stack.takeConstruction()
            case .install(let generation, let claimed):
                install(generation, holding: claimed, on: stack, read)
                return
            case .wait(let installing):
                // A wait that would never end is reported to a construction in it (see
                // `WaitGraph`), and this read goes on without it.
                guard installing.waitOut(on: stack) else { return }
            }
        }
    }

    /// Installs registration `generation`, holding `token` while `read` runs inside
    /// `withObservationTracking`.
    private func install<Value>(
        _ generation: Int, holding token: Construction, on stack: ResolutionStack,
        _ read: () -> Value
    ) {
        // `Observed` values read here register with Observation, not with a tracking's
        // reads: the one registration covers them too.
        let outer = stack.observedReads
        stack.observedReads = nil
        token.hold {
            _ = withObservationTracking(read) { [self] in fired(generation) }
            // Before the token is let go: a read that waited it out finds the registration
            // live.
            state.withLock { $0.machine.installed(generation) }
        }
        stack.observedReads = outer
    }

    /// Registration `generation` fired, in the setter, before the store: tells every
    /// follower, once.
    ///
    /// Followers on the main actor are told at once: each delivers in a main-actor job, after
    /// the setter's. Followers on delivery threads are told by one job, not one per follower
    /// from inside the setter, once the change is stored as far as that can be known
    /// (``Announcement``); the followers are taken when it runs, so one that started to follow
    /// meanwhile, whose first read may have come before the store, reads again.
    private func fired(_ generation: Int) {
        guard state.withLock({ $0.machine.fired(generation) }) else { return }
        switch delivery {
        case .mainActor:
            tellFollowers()
        case .deliveryThread:
            // Held weakly: with nobody following, the change lets the observation go.
            let observation = WeakReference(self)
            Announcement.observed.whenStored {
                DispatchQueue.global().async {
                    observation.object(as: PropertyObservation.self)?.tellFollowers()
                }
            }
        }
    }

    /// Tells every follower of a change.
    private func tellFollowers() {
        for tracking in state.withLock({ $0.followers.takeLive() }) { tracking.changed() }
    }

    /// Tells `tracking` of the property's changes until it is removed.
    func addTracking(_ tracking: Tracking) {
        state.withLock { $0.followers.add(tracking) }
    }

    /// Forgets the tracking `id` names: its container ended, or it was cancelled.
    func removeTracking(_ id: ObjectIdentifier) {
        state.withLock { $0.followers.remove(id) }
    }

    /// How many registrations this observation has installed: one per change followed, and
    /// one more, however many trackings followed it.
    package var installs: Int { state.withLock { $0.machine.installs } }

    /// How many trackings follow the property now.
    package var followerCount: Int { state.withLock { $0.followers.count } }
}

extension PropertyObservation {
    /// Names an observation: the model, the property's key path, and where its followers
    /// deliver, so that a main-actor observation is only ever read on the main actor.
    ///
    /// The key path is hashed and compared here, on any thread, and never applied: a key path
    /// is immutable once made. Only the tracking that passed it reads the property through it,
    /// where its delivery runs.
    private struct Key: Hashable {
        let model: ObjectIdentifier
        let keyPath: AnyKeyPath
        let delivery: TrackingDelivery
    }

    /// The observations that may still be live, by key; an entry whose observation has gone
    /// is dropped when the table next grows.
    private struct Registry {
        var observations: [Key: WeakRegistration<PropertyObservation>] = [:]
        /// The size at which the dead entries are dropped next.
        var sweepAt = 16

        /// The observation at `key`, if it is alive and observes `model`: one of a model that
        /// went before another took its address is not this model's.
        func found(at key: Key, for model: AnyObject) -> PropertyObservation? {
            guard let found = observations[key]?.object, found.model.object === model else {
                return nil
            }
            return found
        }

        /// Keeps `observation` at `key`, in place of any other.
        mutating func store(_ observation: PropertyObservation, at key: Key) {
            observations[key] = WeakRegistration(observation)
            guard observations.count >= sweepAt else { return }
            // An observation released here runs no code that takes this lock.
            observations = observations.filter { $0.value.object != nil }
            sweepAt = max(16, observations.count * 2)
        }
    }

    private static let registry = Lock(Registry())

    /// The observation of `keyPath` of `model` for trackings that deliver by `delivery`: the
    /// one that is live, if any — its registration may be live in the model with nobody
    /// following it — or a new one.
    ///
    /// - Parameters:
    ///   - model: The model whose property is followed.
    ///   - keyPath: The property, from the model.
    ///   - delivery: Where the followers deliver.
    /// - Returns: The observation, to follow and to arm.
    static func of(
        _ model: AnyObject, _ keyPath: AnyKeyPath, delivering delivery: TrackingDelivery
    ) -> PropertyObservation {
        let key = Key(model: ObjectIdentifier(model), keyPath: keyPath, delivery: delivery)
        return registry.withLock { registry in
            if let found = registry.found(at: key, for: model) { return found }
            let made = PropertyObservation(model: model, delivering: delivery)
            registry.store(made, at: key)
            return made
        }
    }

    /// The observation of `keyPath` of `model` for `delivery`, if there is one: the tests'
    /// view of what the table keeps.
    package static func existing(
        of model: AnyObject, _ keyPath: AnyKeyPath, delivering delivery: TrackingDelivery
    ) -> PropertyObservation? {
        let key = Key(model: ObjectIdentifier(model), keyPath: keyPath, delivery: delivery)
        return registry.withLock { $0.found(at: key, for: model) }
    }
}
