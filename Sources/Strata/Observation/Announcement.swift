import Dispatch

/// When a change reached a tracking, and so when a delivery may read the value: the rule that
/// makes a handler end with the latest value.
///
/// Observation announces a change in `willSet`, before the model stores it, on the thread
/// that changes the model; `withObservationTracking` offers nothing later up to Swift 6.3:
/// its `didSet` form is SPI, and `Observations`, on the platforms that have it, waits on
/// `willSet` too, then reads on its closure's isolation, so a change made outside that
/// isolation may be read before its store and the sequence waits for the next change. (Swift
/// 6.4 adds a public `didSet` option, SE-0506: the sign a delivery could wait for.) A
/// delivery that reads as soon as it is announced may read the old value, and re-arm the
/// tracking before the store, which then fires nothing: the handler keeps the old value
/// until the model changes again. So a delivery reads only once the store is known to be
/// done:
///
/// - A change stored before it was announced — an ``Observed`` value, a model that stores
///   then tells Observation — may be read at once.
/// - A change announced on the main actor is stored before the main actor's current job
///   returns: the setter runs in that job. A main-actor job scheduled now runs after it, so a
///   delivery that starts from one reads after the store, and a tracking re-armed there is
///   armed for every later change. Both delivery forms wait for it: the main-actor form's
///   job is the delivery, the other form's hands the delivery to a delivery thread.
/// - A change announced on any other thread gives no sign of when its store is done:
///   nothing of the model's runs after it that Strata can see. Its delivery is scheduled at
///   once, and may read the old value when it wins the race with the store; the handler then
///   ends one change behind until the model changes again. The documentation says so, and
///   says what to do: change the model on the main actor, or store before telling
///   Observation, as ``Observed`` does.
enum Announcement {
    /// The change was stored before it was announced.
    case afterStore
    /// Announced by Observation on the main actor: stored once its current job returns.
    case onMainActor
    /// Announced by Observation on another thread, perhaps before the store.
    case elsewhere

    /// How the change Observation announces now, on this thread, reached the tracking.
    static var observed: Announcement {
        MainQueue.isCurrent ? .onMainActor : .elsewhere
    }

    /// Runs `deliver` once a delivery may read the change: after the main actor's current
    /// job for one announced there, at once otherwise.
    ///
    /// - Parameter deliver: Schedules the delivery; it runs on the main actor, or on the
    ///   calling thread.
    func whenStored(_ deliver: @escaping @Sendable () -> Void) {
        switch self {
        case .onMainActor: TrackedWork.onMainActor { deliver() }
        case .afterStore, .elsewhere: deliver()
        }
    }
}

/// Whether the calling thread runs the main dispatch queue's work, the main actor's executor.
///
/// Asks the queue, not the thread: Dispatch tells a block on the main queue, or the main
/// thread itself, by the specific value set on the main queue.
private enum MainQueue {
    /// The key of the value set on the main queue, set when it is first read.
    ///
    /// `DispatchSpecificKey` is not `Sendable`: it is an identity that Dispatch compares, with
    /// nothing in it to change.
    // @unchecked: the key is made once, and only its identity is used, by Dispatch.
    private final class Key: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()

        init() { DispatchQueue.main.setSpecific(key: key, value: true) }
    }

    private static let main = Key()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: main.key) == true }
}
