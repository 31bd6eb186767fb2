/// A running subscription to an ``Observed`` value or a tracked model; cancelling it stops
/// its handler and releases it.
///
/// Once ``cancel()`` returns, the handler does not run again, even if another thread is
/// changing the value at that moment: `cancel()` waits for a delivery in progress on
/// another thread to finish. A handler may cancel its own subscription.
///
/// A subscription tied to a container — made by ``Observed/observe(in:_:)``,
/// ``Observed/observeOnce(in:_:)``, ``Container/track(from:_:onChange:)`` and their main-actor
/// forms — is held by the container and runs until the container ends or it is cancelled,
/// whether or not the token is kept. An untied one, made by ``Observed/subscribe(_:)``,
/// also stops when the last reference to it is dropped.
public final class Subscription: Sendable {
    private struct State {
        /// `nil` once cancelled: releasing the handler breaks a cycle through what it
        /// captured.
        var handler: (@Sendable (Any) -> Void)?
        /// The thread delivering a value right now, so that a handler that cancels its own
        /// subscription, or sets the value it observes, does not wait for itself.
        var deliveringThread: Agent?
    }

    private let state: Lock<State>
    /// Held while the handler runs; `cancel()` on another thread waits for it.
    private let gate = Gate()
    private let firesOnce: Bool

    init(firesOnce: Bool, handler: @escaping @Sendable (Any) -> Void) {
        self.firesOnce = firesOnce
        state = Lock(State(handler: handler))
    }

    deinit { cancel() }

    /// Whether the handler may still run.
    public var isActive: Bool { state.withLock { $0.handler != nil } }

    /// Stops the handler and releases it.
    ///
    /// When this returns, the handler is not running on another thread and will not run again.
    public func cancel() {
        let thread = ResolutionStack.current.agent
        let (released, isOwnHandler) = state.withLock { state in
            let released = state.handler
            state.handler = nil
            return (released, state.deliveringThread == thread)
        }
        if !isOwnHandler { gate.wait() }
        _ = released  // released here, outside the locks
    }

    /// Runs the handler with `value` unless the subscription was cancelled.
    ///
    /// - Returns: `false` when the subscription was cancelled, so nothing ran.
    @discardableResult
    func deliver(_ value: Any) -> Bool {
        let thread = ResolutionStack.current.agent
        // A handler that sets the value it observes is already inside the gate.
        let nested = state.withLock { state in
            state.deliveringThread == thread ? state.handler : nil
        }
        if let nested {
            if !firesOnce { nested(value) }
            return true
        }
        return gate.withLock { _ in
            let handler = state.withLock { state -> (@Sendable (Any) -> Void)? in
                guard let handler = state.handler else { return nil }
                state.deliveringThread = thread
                if firesOnce { state.handler = nil }
                return handler
            }
            guard let handler else { return false }
            handler(value)
            state.withLock { $0.deliveringThread = nil }
            return true
        }
    }
}

extension Subscription: EndObserver {
    func scopeDidEnd() { cancel() }
}
