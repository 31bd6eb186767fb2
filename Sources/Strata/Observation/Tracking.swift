import Dispatch
import Observation

/// Where a tracking delivers: what a change schedules.
package enum TrackingDelivery: Sendable {
    /// A job on a global dispatch queue.
    case deliveryThread
    /// A job on the main actor.
    case mainActor
}

/// What a tracking is doing, and what each event makes it do next.
///
/// One delivery at a time: a change while a delivery is scheduled is already covered by it,
/// since a delivery reads the value when it runs; a change while a delivery runs leads to
/// exactly one more. So calls are never nested and never run in parallel, and each change
/// leads to at most one call.
struct TrackingState: Equatable {
    enum Phase: Equatable {
        /// Armed and waiting for a change.
        case idle
        /// A delivery is scheduled and has not started.
        case scheduled
        /// A delivery is running; `changed` once a change arrived since it read the value.
        case delivering(changed: Bool)
    }

    private(set) var phase: Phase

    init(phase: Phase) { self.phase = phase }

    /// Records a change.
    ///
    /// - Returns: Whether to schedule a delivery.
    mutating func change() -> Bool {
        switch phase {
        case .idle:
            phase = .scheduled
            return true
        case .scheduled:
            return false
        case .delivering:
            phase = .delivering(changed: true)
            return false
        }
    }

    /// The scheduled delivery starts.
    mutating func start() {
        phase = .delivering(changed: false)
    }

    /// Records that a delivery returned.
    ///
    /// - Returns: Whether to deliver again, for changes that arrived while it ran.
    mutating func finish() -> Bool {
        guard case .delivering(let changed) = phase else { return false }
        phase = changed ? .delivering(changed: false) : .idle
        return changed
    }
}

/// The shell around ``TrackingState``: it re-arms `withObservationTracking`, schedules
/// deliveries, and hands each one to its ``Subscription``, whose gate keeps the promise that
/// nothing runs after `end()` returns.
///
/// The subscription's handler holds the tracking; the tracking holds the subscription
/// weakly, and Observation's `onChange` holds the tracking weakly, so a model that outlives
/// the container keeps nothing of the tracking alive. A tracking that follows a property by
/// key path installs nothing itself: it follows the property's ``PropertyObservation``,
/// which keeps one registration for all its followers and tells each through ``changed()``.
final class Tracking: Sendable {
    private struct State {
        var machine: TrackingState
        weak var subscription: Subscription?
        /// What tells this tracking of changes besides Observation: the ``Observed`` values
        /// the last read read, until the next read or its end; or, by key path, the
        /// property's observation, until its end.
        var sources: [WeakRegistration<any TrackingSource>] = []
    }

    private let state: Lock<State>
    private let delivery: TrackingDelivery

    init(delivery: TrackingDelivery, phase: TrackingState.Phase) {
        self.delivery = delivery
        state = Lock(State(machine: TrackingState(phase: phase)))
    }

    func attach(_ subscription: Subscription) {
        state.withLock { $0.subscription = subscription }
    }

    /// Reads `read` with Observation tracking armed for the next change.
    ///
    /// The value comes from a second read, after the tracking is installed: a change stored
    /// between the first read and the installation is in it, and any later one fires
    /// `onChange`.
    ///
    /// The ``Observed`` values it reads are followed by Strata, not by Observation, which
    /// keeps a registration until the value changes: they let go of this tracking when it
    /// goes, so a container that ends leaves nothing behind in a value that outlives it.
    /// What else it reads (an `@Observable` model) is followed by Observation.
    func read<Value>(_ read: () -> Value) -> Value {
        let stack = ResolutionStack.current
        let reads = ObservedReads()
        let outer = stack.observedReads
        stack.observedReads = reads
        _ = withObservationTracking(read) { [weak self] in self?.changed(.observed) }
        stack.observedReads = outer
        follow(reads.sources)
        return read()
    }

    /// Reads `read`, which reads the property `observation` observes, with `observation`
    /// armed for the next change.
    ///
    /// The value comes from a read after the arming: a change stored before the shared
    /// registration was in place is in it, and any later one fires the registration, which
    /// tells this tracking if it follows `observation`.
    func read<Value>(_ observation: PropertyObservation, _ read: () -> Value) -> Value {
        observation.arm(read)
        return read()
    }

    /// Registers with each of `sources`, and takes back the registrations of the last read
    /// that this one did not read.
    func follow(_ sources: [any TrackingSource]) {
        let dropped = state.withLock { state in
            defer { state.sources = sources.map(WeakRegistration.init) }
            // Compared by identity, not loaded: a source released under the lock could be the
            // last reference to it.
            return state.sources.filter { old in
                !sources.contains { ObjectIdentifier($0) == old.id }
            }
        }
        for source in sources { source.addTracking(self) }
        for old in dropped { old.object?.removeTracking(ObjectIdentifier(self)) }
    }

    deinit {
        let id = ObjectIdentifier(self)
        for old in state.withLock({ $0.sources }) { old.object?.removeTracking(id) }
    }

    /// Delivers until no change arrived during the last delivery, or the subscription was
    /// cancelled; the caller has moved the machine to `delivering`.
    func deliverAll() {
        repeat {
            guard let subscription = state.withLock({ $0.subscription }),
                subscription.deliver(())
            else { return }
        } while state.withLock { $0.machine.finish() }
    }

    /// Records a change of what the last read read, scheduling a delivery if none is.
    ///
    /// The delivery reads once the change is stored, as far as that can be known
    /// (``Announcement``): a main-actor delivery is a main-actor job, which runs after the
    /// job that changed the model, if the main actor changed it; a delivery on a delivery
    /// thread is handed to one after that job too.
    ///
    /// - Parameter announcement: How the change reached the tracking.
    func changed(_ announcement: Announcement = .afterStore) {
        guard state.withLock({ $0.machine.change() }) else { return }
        switch delivery {
        case .deliveryThread:
            announcement.whenStored { DispatchQueue.global().async { self.runScheduled() } }
        case .mainActor:
            TrackedWork.onMainActor { self.runScheduled() }
        }
    }

    private func runScheduled() {
        state.withLock { $0.machine.start() }
        deliverAll()
    }
}
