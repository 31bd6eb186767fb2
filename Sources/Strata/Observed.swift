/// A value that tells its subscribers when it changes: the status enum of a view model.
///
/// Subscribe with ``observe(in:_:)`` to tie the handler to a container — it stops when the
/// container ends — or with ``subscribe(_:)`` for a handler that lives as long as its
/// ``Subscription``. Handlers run on the thread that set the value.
///
/// ```swift
/// @MainActor final class GuideViewModel {
///     let status = Observed(GuideViewStatus.welcome)
///     func signIn() { status.value = .signIn }
/// }
///
/// let watch = viewModel.status.observe(in: formContainer) { status in render(status) }
/// ```
public final class Observed<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var subscriptions: [WeakSubscription] = []
    }

    private struct WeakSubscription {
        weak var subscription: Subscription?
    }

    private let state: Lock<State>

    /// Makes an observed value.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: Value) {
        state = Lock(State(value: value))
    }

    /// The current value.
    ///
    /// Setting it calls every active handler with the new value.
    public var value: Value {
        get { state.withLock { $0.value } }
        set {
            let subscriptions = state.withLock { state in
                state.value = newValue
                state.subscriptions.removeAll { $0.subscription == nil }
                return state.subscriptions.compactMap(\.subscription)
            }
            for subscription in subscriptions { subscription.deliver(newValue) }
        }
    }

    /// Calls `handler` with every new value until the returned subscription is cancelled or
    /// released.
    ///
    /// - Parameter handler: Receives each new value.
    /// - Returns: The subscription; keep it as long as the handler should run.
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> Subscription {
        add(Subscription(firesOnce: false) { handler($0 as! Value) })
    }

    /// Calls `handler` with the next new value only.
    ///
    /// - Parameter handler: Receives the next value.
    /// - Returns: The subscription; keep it until the handler has run.
    public func subscribeOnce(_ handler: @escaping @Sendable (Value) -> Void) -> Subscription {
        add(Subscription(firesOnce: true) { handler($0 as! Value) })
    }

    /// Calls `handler` with every new value until `container` ends, or until the returned
    /// subscription is cancelled or released, whichever comes first.
    ///
    /// After `container.end()` returns, the handler does not run, even if another thread
    /// sets the value at that moment, and it is released with what it captured. Tie a
    /// subscription to the container of the object its handler captures: a handler tied to a
    /// longer-lived container keeps its owner alive past the owner's own container, and the
    /// owner shows in that container's survivors.
    ///
    /// - Parameters:
    ///   - container: The container whose end stops the handler.
    ///   - handler: Receives each new value.
    /// - Returns: The subscription; keep it as long as the handler should run.
    public func observe<Owner: Container>(
        in container: Owner, _ handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        tie(subscribe(handler), to: container)
    }

    /// Calls `handler` with the next new value only, unless `container` ends first.
    ///
    /// - Parameters:
    ///   - container: The container whose end stops the handler.
    ///   - handler: Receives the next value.
    /// - Returns: The subscription; keep it until the handler has run.
    public func observeOnce<Owner: Container>(
        in container: Owner, _ handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        tie(subscribeOnce(handler), to: container)
    }

    private func tie<Owner: Container>(
        _ subscription: Subscription, to container: Owner
    ) -> Subscription {
        container.scope.core.bind(container)
        container.scope.core.addObserver(subscription)
        return subscription
    }

    private func add(_ subscription: Subscription) -> Subscription {
        state.withLock { $0.subscriptions.append(WeakSubscription(subscription: subscription)) }
        return subscription
    }
}
