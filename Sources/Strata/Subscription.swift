import Synchronization

/// A running subscription to an ``Observed`` value; cancelling it, or dropping the last
/// reference to it, stops its handler.
///
/// Once ``cancel()`` returns, the handler does not run again, even if another thread is
/// changing the value at that moment: `cancel()` waits for a delivery in progress on
/// another thread to finish. A handler may cancel its own subscription.
public final class Subscription: Sendable {
    private struct State {
        var isCancelled = false
        /// The thread delivering a value right now, so that a handler that cancels its own
        /// subscription, or sets the value it observes, does not wait for itself.
        var deliveringThread: UInt?
    }

    private let state = Mutex(State())
    /// Held while the handler runs; `cancel()` on another thread waits for it.
    private let gate = Mutex<Void>(())
    private let handler: @Sendable (Any) -> Void
    private let firesOnce: Bool

    init(firesOnce: Bool, handler: @escaping @Sendable (Any) -> Void) {
        self.firesOnce = firesOnce
        self.handler = handler
    }

    deinit { cancel() }

    /// Whether the handler may still run.
    public var isActive: Bool { !state.withLock(\.isCancelled) }

    /// Stops the handler. When this returns, the handler is not running on another thread
    /// and will not run again.
    public func cancel() {
        let thread = ResolutionStack.current.agent
        let isOwnHandler = state.withLock { state in
            state.isCancelled = true
            return state.deliveringThread == thread
        }
        if !isOwnHandler { gate.withLock { _ in } }
    }

    func deliver(_ value: Any) {
        let thread = ResolutionStack.current.agent
        // A handler that sets the value it observes is already inside the gate.
        if state.withLock({ $0.deliveringThread == thread && !$0.isCancelled }) {
            if firesOnce { return }
            handler(value)
            return
        }
        gate.withLock { _ in
            let mayRun = state.withLock { state in
                guard !state.isCancelled else { return false }
                state.deliveringThread = thread
                if firesOnce { state.isCancelled = true }
                return true
            }
            guard mayRun else { return }
            handler(value)
            state.withLock { $0.deliveringThread = nil }
        }
    }
}

extension Subscription: EndObserver {
    func containerDidEnd() { cancel() }
}
