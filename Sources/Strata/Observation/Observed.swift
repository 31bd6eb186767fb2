public import Observation

/// A value that tells its subscribers when it changes: the status enum of a view model.
///
/// It takes part in Observation: reading ``value`` inside `withObservationTracking` — or in
/// a SwiftUI view's body, or in the read closure of ``Container/track(initial:_:onChange:)`` —
/// registers the access, and setting it calls the tracking's `onChange`. The same holds for
/// an `@Observable` type that stores an `Observed`. Observation is told after the new value
/// is stored, so code that reads the value from its `onChange` sees the new value.
///
/// Follow it with ``observe(in:once:_:)``, which ties the handler to a container: it runs
/// until the container ends, whether or not the token is kept. The handler runs on the
/// thread that set the value. To follow the latest value on the main actor, coalesced,
/// track it: ``Container/trackOnMainActor(initial:_:onChange:)`` with a `read` of ``value``.
/// Change the value from its old one with ``withValue(_:)``, which reads and writes under
/// one lock.
///
/// ```swift
/// @MainActor final class GuideViewModel {
///     let status = Observed(GuideViewStatus.welcome)
///     func signIn() { status.value = .signIn }
/// }
///
/// viewModel.status.observe(in: formContainer) { status in render(status) }
/// ```
public final class Observed<Value: Sendable>: Observation.Observable, Sendable {
    private struct State {
        var value: Value
        var subscriptions = Registrations<Subscription>()
        var trackings = Registrations<Tracking>()
        /// The change whose body runs right now, if any: the thread running it and the token
        /// it holds meanwhile, which the next change waits on with the wait graph watching.
        var writer: (agent: Agent, token: Construction)?
    }

    /// What a change finds when it asks to run its body.
    private enum Turn {
        case mine(Value)
        case wait(Construction)
        case nested
    }

    private let state: Lock<State>
    private let registrar = ObservationRegistrar()

    /// Makes an observed value.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: Value) {
        state = Lock(State(value: value))
    }

    /// The current value.
    ///
    /// Reading it registers an access with Observation. Setting it stores the value, then
    /// tells Observation, then calls every active handler with the new value.
    public var value: Value {
        get {
            // A tracking's read registers with Strata, which it can take back; see
            // `ObservedReads`.
            if let reads = ResolutionStack.current.observedReads {
                reads.record(self)
            } else {
                registrar.access(self, keyPath: \.value)
            }
            return state.withLock { $0.value }
        }
        set { withValue { $0 = newValue } }
    }

    /// Changes the value in place, under the lock that guards it, and tells Observation and
    /// the handlers once.
    ///
    /// Two threads that read and write the value with `withValue` cannot lose each other's
    /// change, as `status.value = status.value + 1` can: a change waits for the body of
    /// another in progress. No lock is held while `body` runs: reading ``value`` meanwhile
    /// gives the value from before the change, and a wait that would never end — `body`
    /// waits for a provider whose factory changes this value — throws
    /// ``StrataError/cycle(path:)`` from that wait instead. `body` must not change this value
    /// itself, other than through its argument: that traps. When `body` throws, the value is
    /// left as it was and nobody is told.
    ///
    /// ```swift
    /// let taps = Observed(0)
    /// taps.withValue { $0 += 1 }
    /// ```
    ///
    /// - Parameter body: Changes the value it is given.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let stack = ResolutionStack.current
        let changed: (Result, Value, [Subscription], [Tracking])
        do {
            // Given back, and let go of, before the deliveries, so that they can take it in turn.
            var token = stack.takeConstruction()
            defer { stack.giveBack(&token) }
            changed = try change(with: token, on: stack, body)
        }
        let (result, newValue, subscriptions, trackings) = changed
        // After the store: whoever reads the value from onChange reads the new one.
        registrar.withMutation(of: self, keyPath: \.value) {}
        for subscription in subscriptions { subscription.deliver(newValue) }
        for tracking in trackings { tracking.changed() }
        return result
    }

    /// Runs `body` on the value under `token`'s gate, once no other change's body runs, and
    /// stores what it made: `withValue`'s turn.
    ///
    /// - Returns: What `body` returned, the new value, and the registrations to tell.
    private func change<Result>(
        with token: Construction, on stack: ResolutionStack, _ body: (inout Value) throws -> Result
    ) rethrows -> (Result, Value, [Subscription], [Tracking]) {
        try token.hold { () throws -> (Result, Value, [Subscription], [Tracking]) in
            var value = takeTurn(as: stack, holding: token)
            let result: Result
            do {
                result = try body(&value)
            } catch {
                state.withLock { if $0.writer?.token === token { $0.writer = nil } }
                throw error
            }
            return state.withLock { state in
                state.value = value
                if state.writer?.token === token { state.writer = nil }
                // Every registration loaded is returned: one released here could be the
                // last reference, and run a deinit that calls back in under the lock.
                return (
                    result, value, state.subscriptions.takeLive(), state.trackings.takeLive()
                )
            }
        }
    }

    /// Waits until no other change's body runs, then records this one as running, holding
    /// `token`.
    ///
    /// - Returns: The value to change.
    private func takeTurn(as stack: ResolutionStack, holding token: Construction) -> Value {
        let agent = stack.agent
        while true {
            let turn = state.withLock { state -> Turn in
                if let writer = state.writer {
                    return writer.agent == agent ? .nested : .wait(writer.token)
                }
                state.writer = (agent, token)
                return .mine(state.value)
            }
            switch turn {
            case .mine(let value):
                return value
            case .nested:
                trap(.nestedObservedChange(valueType: "\(Value.self)"))
            case .wait(let other):
                // A wait that would never end is reported to the body's own wait, which
                // throws it; this change goes on beside it.
                if !other.waitOut(on: stack) {
                    return state.withLock { $0.value }
                }
            }
        }
    }

    /// Calls `handler` with every new value — or, `once`, the next one only — until the
    /// returned subscription is cancelled or released: tied to no container, for the
    /// package's tests of the subscription itself.
    ///
    /// - Parameters:
    ///   - once: Whether only the next value is delivered.
    ///   - handler: Receives each new value.
    /// - Returns: The subscription; keep it as long as the handler should run.
    package func subscribe(
        once: Bool = false, _ handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        add(Subscription(firesOnce: once) { handler($0 as! Value) })
    }

    /// Calls `handler` with every new value — or, `once`, with the next one only — until
    /// `container` ends or the returned subscription is cancelled, whichever comes first.
    ///
    /// The container holds the subscription, so the token may be dropped: the handler runs
    /// until the container ends. Keep the token only to cancel earlier. After
    /// `container.end()` returns, the handler does not run, even if another thread sets the
    /// value at that moment, and it is released with what it captured. The handler runs on
    /// the thread that set the value, once per value; a value set by the handler itself is
    /// delivered to it at once, nested. Tie a subscription to the container of the object its
    /// handler captures: a handler tied to a longer-lived container keeps its owner alive
    /// past the owner's own container, and the owner, still held once that container's end
    /// is judged, is a leak.
    ///
    /// ```swift
    /// viewModel.status.observe(in: formContainer) { status in render(status) }
    /// viewModel.status.observe(in: formContainer, once: true) { status in log(status) }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container whose end stops the handler.
    ///   - once: Whether only the next value is delivered; `false` unless given.
    ///   - handler: Receives each new value.
    /// - Returns: The subscription, to cancel before the container ends.
    @discardableResult
    public func observe<Owner: Container>(
        in container: Owner, once: Bool = false,
        _ handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        tie(subscribe(once: once, handler), to: container)
    }

    private func tie<Owner: Container>(
        _ subscription: Subscription, to container: Owner
    ) -> Subscription {
        container.boundCore.addSubscription(subscription)
        return subscription
    }

    private func add(_ subscription: Subscription) -> Subscription {
        subscription.registered(with: self)
        state.withLock { $0.subscriptions.addNew(subscription) }
        return subscription
    }

    /// How many subscriptions and trackings are registered, cancelled or not: for tests,
    /// which check that an ended container leaves none behind.
    package var registrationCount: Int {
        state.withLock { $0.subscriptions.count + $0.trackings.count }
    }
}

extension Observed: ObservedSource {
    func removeSubscription(_ id: ObjectIdentifier) {
        state.withLock { $0.subscriptions.remove(id) }
    }

    func addTracking(_ tracking: Tracking) {
        state.withLock { $0.trackings.add(tracking) }
    }

    func removeTracking(_ id: ObjectIdentifier) {
        state.withLock { $0.trackings.remove(id) }
    }
}
