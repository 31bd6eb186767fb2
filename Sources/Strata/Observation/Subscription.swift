/// A running subscription to an ``Observed`` value or a tracked model, a contribution
/// (`contribute(_:_:)`) or a plan a root applies
/// (``Container/prepare(_:_:)``); cancelling it stops its handler and releases it,
/// withdraws the contribution, or removes the plan.
///
/// Once ``cancel()`` returns, the handler does not run again, even if another thread is
/// changing the value at that moment: `cancel()` waits for a delivery in progress on
/// another thread to finish. The end of its container does not wait: it stops the handler,
/// so that no call starts, and hands the rest of its steps to the return of a call running
/// on another thread; the container is still ending until then. A handler may cancel its own subscription. Deliveries from
/// different threads may run at the same time; no lock is held while the handler runs. A
/// `cancel()` whose wait would never end — the handler waits for something the cancelling
/// thread is building — does not wait, and the handler's resolution throws
/// ``StrataError/cycle(path:)`` instead.
///
/// A subscription to a value — made by ``Observed/observe(in:once:_:)``,
/// ``Container/track(initial:_:onChange:)`` and their main-actor forms — is held by its
/// container and runs until the container ends or it is cancelled, whether or not the token
/// is kept. A contribution's and a plan's stop only when cancelled, or, for a contribution,
/// when its container ends.
public final class Subscription: Sendable {
    private struct State {
        /// What cancelling does besides stopping the handler, `nil` once done: a plan's
        /// subscription removes the plan.
        var removal: (@Sendable () -> Void)?
        /// `nil` once cancelled: releasing the handler breaks a cycle through what it
        /// captured.
        var handler: (@Sendable (Any) -> Void)?
        /// The deliveries running right now, one per call of the handler: `cancel()` on
        /// another thread waits for each.
        var deliveries: [Delivery] = []
        /// The ``Observed`` value the subscription is registered with, told to let go of it
        /// when it is cancelled.
        weak var source: (any ObservedSource)?
        /// The calls a container's end waits for without blocking: those that ran on other
        /// threads when it stopped the handler, and the signal given when the last returns.
        var endWait: (running: [Construction], returned: OneShot<Void>)?

        /// Records that the call holding `token` returned.
        ///
        /// - Returns: The signal of the end that waited for the calls running elsewhere,
        ///   when this was the last of them.
        mutating func lastAwaited(_ token: Construction) -> OneShot<Void>? {
            guard var wait = endWait else { return nil }
            wait.running.removeAll { $0 === token }
            endWait = wait.running.isEmpty ? nil : wait
            return wait.running.isEmpty ? wait.returned : nil
        }
    }

    /// A call of the handler in progress: the thread running it, and the token it holds
    /// while the handler runs, which a waiting `cancel()` blocks on with the wait graph
    /// watching.
    private struct Delivery {
        let agent: Agent
        let token: Construction
    }

    private let state: Lock<State>
    private let firesOnce: Bool

    init(firesOnce: Bool, handler: @escaping @Sendable (Any) -> Void) {
        self.firesOnce = firesOnce
        applies = nil
        state = Lock(State(handler: handler))
    }

    /// Whether what `removal` removes still applies, asked while it has not run.
    private let applies: (@Sendable () -> Bool)?

    /// A subscription whose cancelling runs `removal` once, with no handler of its own.
    ///
    /// `applies` says whether what it removes still applies, until it is cancelled.
    init(removal: @escaping @Sendable () -> Void, applies: (@Sendable () -> Bool)? = nil) {
        firesOnce = false
        self.applies = applies
        state = Lock(State(removal: removal))
    }

    deinit { stopHandler() }

    /// Whether the handler may still run; for a plan, whether it has not been cancelled; for
    /// a contribution, whether it is still gathered: neither cancelled nor ended with its
    /// container.
    package var isInEffect: Bool {
        state.withLock { $0.handler != nil || $0.removal != nil } && applies?() != false
    }

    /// Records the value this subscription is registered with.
    func registered(with source: any ObservedSource) {
        state.withLock { $0.source = source }
    }

    /// Stops the handler and releases it.
    ///
    /// When this returns, the handler is not running on another thread and will not run
    /// again. This holds for a `cancel()` you call, which waits for a call running on another
    /// thread; not for the container's end, which cancels without waiting: `end()` returns
    /// with a call begun on another thread still running, the container listed as still
    /// ending, and the rest of the end runs when that call returns. A contribution is left out of the gathers that start after this returns, and
    /// what its factory captured is released. A plan no longer applies to containers used
    /// from now on; those it was applied to keep what it did. Cancelling again, or after
    /// the container ended, does nothing.
    public func cancel() {
        state.withLock { $0.removal.take() }?()
        stopHandler()
    }

    private func stopHandler() {
        let stack = ResolutionStack.current
        let agent = stack.agent
        let (released, source, running) = state.withLock { state in
            let released = state.handler
            state.handler = nil
            // A handler that cancels its own subscription does not wait for itself.
            let running = state.deliveries.filter { $0.agent != agent }.map(\.token)
            return (released, released == nil ? nil : state.source, running)
        }
        source?.removeSubscription(ObjectIdentifier(self))
        // A wait that would never end — the handler waits, through other threads, for
        // something this thread builds — is reported to that handler's resolution instead
        // (see `WaitGraph`), and this thread goes on.
        for token in running { token.waitOut(on: stack) }
        _ = released  // released here, outside the locks
    }

    /// Stops the handler for its container's end, without waiting: no call starts after this
    /// returns, and a call running on another thread runs on.
    ///
    /// The end never blocks on such a call: the call may wait, through a wait Strata cannot
    /// see (`DispatchQueue.main.sync`), for the very thread that ends the container.
    ///
    /// - Returns: A signal given, on the thread of the last, when the calls running on other
    ///   threads now have returned; `nil` when none runs.
    func stopWithoutWaiting() -> OneShot<Void>? {
        let agent = ResolutionStack.current.agent
        let (released, source, returned) = state.withLock { state in
            let released = state.handler
            state.handler = nil
            let source = released == nil ? nil : state.source
            let running = state.deliveries.filter { $0.agent != agent }.map(\.token)
            guard !running.isEmpty else { return (released, source, OneShot<Void>?.none) }
            let returned = state.endWait?.returned ?? OneShot<Void>()
            state.endWait = (running, returned)
            return (released, source, returned)
        }
        source?.removeSubscription(ObjectIdentifier(self))
        _ = released  // released here, outside the locks
        return returned
    }

    /// Runs the handler with `value` unless the subscription was cancelled.
    ///
    /// No lock is held while the handler runs: it may resolve, set values, cancel and end
    /// containers on any thread. Only a token marks the call, for `cancel()` to wait on.
    ///
    /// - Returns: `false` when the subscription was cancelled, so nothing ran.
    @discardableResult
    func deliver(_ value: Any) -> Bool {
        let stack = ResolutionStack.current
        var token = stack.takeConstruction()
        defer { stack.giveBack(&token) }
        let delivered = token.hold { () -> ((any ObservedSource)?, OneShot<Void>?)? in
            let handler = state.withLock { state -> (@Sendable (Any) -> Void)? in
                guard let handler = state.handler else { return nil }
                state.deliveries.append(Delivery(agent: stack.agent, token: token))
                if firesOnce { state.handler = nil }
                return handler
            }
            guard let handler else { return nil }
            handler(value)
            return state.withLock { state in
                state.deliveries.removeAll { $0.token === token }
                return (firesOnce ? state.source : nil, state.lastAwaited(token))
            }
        }
        guard let (source, endGoesOn) = delivered else { return false }
        // After the token is let go: the rest of an end that waited for this call runs here.
        endGoesOn?.give(())
        // A subscription that fired its once leaves nothing behind in its value.
        source?.removeSubscription(ObjectIdentifier(self))
        return true
    }
}
extension Subscription: EndObserver {
    package func scopeDidEnd() { cancel() }
}
