import Observation
import Strata
import Synchronization

// A stand-in for Strata's `Container.track(_:_:)`, in the same shape, until the library has
// it (issue #14); the console's screens follow their view models through it.

extension Container {
    /// Calls `handler` on the main actor with each new value of what `read` reads, until
    /// this container ends.
    ///
    /// `read` runs inside `withObservationTracking`, which is armed again each time it
    /// reports a change. Observation reports a change before it is made, so the new value
    /// is read, and `handler` called, in a main-actor job queued behind the one that made
    /// the change: changes made before that job runs come as one call, with the latest
    /// value. Setting a property to the value it has is no change, and calls nothing.
    ///
    /// When the container ends, `read` and `handler` are released with what they captured,
    /// and a call already queued does nothing. The sample ends its containers on the main
    /// actor, so an end never overlaps a call.
    ///
    /// ```swift
    /// guide.follow({ viewModel.status }, { [weak self] status in self?.show(status) })
    /// ```
    ///
    /// - Parameters:
    ///   - read: Reads the `@Observable` properties to follow, and returns their value.
    ///   - handler: Receives each new value.
    /// - Returns: The following; there is no need to keep it.
    @MainActor @discardableResult
    func follow<Value: Sendable>(
        _ read: @escaping @MainActor () -> Value,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> Following<Value> {
        let following = Following(read: read, handler: handler)
        onEnd { following.cancel() }
        following.arm()
        return following
    }
}

/// One ``Container/follow(_:_:)`` in progress: what it reads and whom it tells, until it is
/// cancelled or its container ends.
final class Following<Value: Sendable>: Sendable {
    private struct Callbacks {
        let read: @MainActor () -> Value
        let handler: @MainActor (Value) -> Void
    }

    /// `nil` once cancelled: releasing the callbacks releases what they captured, and breaks
    /// the cycle from the followed model, through the tracking it holds, back to it.
    private let callbacks: Mutex<Callbacks?>

    fileprivate init(
        read: @escaping @MainActor () -> Value, handler: @escaping @MainActor (Value) -> Void
    ) {
        callbacks = Mutex(Callbacks(read: read, handler: handler))
    }

    /// Whether the handler may still run.
    var isActive: Bool { callbacks.withLock { $0 != nil } }

    /// Stops the following and releases what it reads and whom it tells.
    func cancel() {
        let released = callbacks.withLock { callbacks in
            defer { callbacks = nil }
            return callbacks
        }
        _ = released  // released here, outside the lock
    }

    /// Reads the value and tracks what the read touched; the next change queues
    /// ``deliver()`` on the main actor.
    ///
    /// - Returns: The value, or `nil` once cancelled.
    @MainActor @discardableResult
    fileprivate func arm() -> Value? {
        guard let read = callbacks.withLock({ $0?.read }) else { return nil }
        return withObservationTracking(read) { [self] in
            Task { @MainActor in self.deliver() }
        }
    }

    @MainActor private func deliver() {
        guard let value = arm(), let handler = callbacks.withLock({ $0?.handler }) else {
            return
        }
        handler(value)
    }
}
