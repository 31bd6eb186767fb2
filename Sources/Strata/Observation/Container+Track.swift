/// Whether tracking first calls its handler with the current value.
public enum TrackingStart: Sendable {
    /// The handler is first called after the next change.
    case nextChange
    /// The handler is called with the current value before `track` returns, then after each
    /// change: a screen renders what it shows now, then follows it.
    case currentValue
}

extension Container {
    /// Calls `handler` with what `read` reads after each change, until the container ends or
    /// the returned subscription is cancelled.
    ///
    /// `read` reads an `@Observable` model — or an ``Observed`` value — and Observation
    /// tells Strata when anything it read changes; Strata then reads again, re-arming the
    /// tracking, and calls `handler` with the result. The container holds the subscription,
    /// so the token may be dropped.
    ///
    /// - **The end.** After `end()` returns, `handler` does not run, even if another thread
    ///   changes the model at that moment, and `read` and `handler` are released with what
    ///   they captured.
    /// - **Where.** The call for ``TrackingStart/currentValue`` runs on the calling thread,
    ///   before `track` returns. The calls after changes run on a delivery thread of
    ///   Strata's, after the change is made — never inside the setter. For a main-actor
    ///   model use the main-actor form,
    ///   ``trackOnMainActor(from:_:onChange:)``; a model read here must be
    ///   safe to read from any thread, as ``Observed`` is.
    /// - **Coalescing.** Calls never overlap and never nest. Each change leads to at most one
    ///   call: changes that arrive while a call is scheduled or running are coalesced into
    ///   one more call, made after the running one returns, with the value read then. The
    ///   handler sees values in the order they became current and always ends with the
    ///   latest, but may skip values in between.
    /// - **A handler that changes what it tracks** is not re-entered: it is called once more,
    ///   after it returns, with the value it left. It stops there unless it changes the
    ///   model again, so a handler that only changes the model to settle it (`if status ==
    ///   .sent { status = .idle }`) settles; an `@Observable` property set to an equal value
    ///   does not count as a change.
    /// - `read` runs twice per call, once to arm the tracking and once for the value: keep
    ///   it a plain read.
    ///
    /// ```swift
    /// container.track(from: .currentValue) { viewModel.status } onChange: { status in
    ///     render(status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - start: Whether `handler` is first called with the current value.
    ///   - read: Reads the value to follow; what it reads is tracked.
    ///   - handler: Receives the value after each change.
    /// - Returns: The subscription, to cancel before the container ends.
    @discardableResult
    public func track<Value: Sendable>(
        from start: TrackingStart = .nextChange, _ read: @escaping @Sendable () -> Value,
        onChange handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let tracking = Tracking(delivery: .deliveryThread, phase: start.phase)
        let subscription = Subscription(firesOnce: false) { _ in
            handler(tracking.read(read))
        }
        guard tie(subscription, tracking) else { return subscription }
        switch start {
        case .currentValue: tracking.deliverAll()
        case .nextChange: _ = tracking.read(read)
        }
        return subscription
    }

    /// Calls `handler` on the main actor with what `read` reads after each change, until the
    /// container ends or the returned subscription is cancelled.
    ///
    /// The form for main-actor view models, which is what SwiftUI follows too. It keeps every
    /// promise of ``track(from:_:onChange:)`` — the end, coalescing, a
    /// handler that changes what it tracks — and runs `read` and `handler` on the main actor:
    /// a change, on the main actor or off it, schedules a main-actor job that checks the
    /// subscription before it reads, so after `end()` returns nothing runs. The call for
    /// ``TrackingStart/currentValue`` runs before `track` returns.
    ///
    /// ```swift
    /// @MainActor @Observable final class GuideViewModel {
    ///     var status = GuideViewStatus.welcome
    /// }
    ///
    /// guideContainer.trackOnMainActor(from: .currentValue) {
    ///     viewModel.status
    /// } onChange: { status in
    ///     screen.render(status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - start: Whether `handler` is first called with the current value.
    ///   - read: Reads the value to follow; what it reads is tracked.
    ///   - handler: Receives the value after each change, on the main actor.
    /// - Returns: The subscription, to cancel before the container ends.
    @MainActor
    @discardableResult
    public func trackOnMainActor<Value: Sendable>(
        from start: TrackingStart = .nextChange, _ read: @escaping @MainActor () -> Value,
        onChange handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let tracking = Tracking(delivery: .mainActor, phase: start.phase)
        let subscription = Subscription(firesOnce: false) { _ in
            MainActor.assumeIsolated { handler(tracking.read(read)) }
        }
        guard tie(subscription, tracking) else { return subscription }
        switch start {
        case .currentValue: tracking.deliverAll()
        case .nextChange: _ = tracking.read(read)
        }
        return subscription
    }

    /// Ties the subscription to the container; `false` when the container has ended, which
    /// cancels it.
    private func tie(_ subscription: Subscription, _ tracking: Tracking) -> Bool {
        tracking.attach(subscription)
        boundCore.addSubscription(subscription)
        return subscription.isActive
    }
}

extension TrackingStart {
    fileprivate var phase: TrackingState.Phase {
        switch self {
        case .nextChange: .idle
        case .currentValue: .delivering(changed: false)
        }
    }
}
