public import Observation

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
    /// - **Where.** The call for `initial: true` runs on the calling thread,
    ///   before `track` returns. The calls after changes run on a delivery thread of
    ///   Strata's, after the change is made — never inside the setter. For a main-actor
    ///   model use the main-actor form,
    ///   ``trackOnMainActor(initial:_:onChange:)``; a model read here must be
    ///   safe to read from any thread, as ``Observed`` is.
    /// - **Coalescing.** Calls never overlap and never nest. Each change leads to at most one
    ///   call: changes that arrive while a call is scheduled or running are coalesced into
    ///   one more call, made after the running one returns, with the value read then. The
    ///   handler sees values in the order they became current, but may skip values in
    ///   between.
    /// - **The latest value.** A change made on the main actor is read after the main
    ///   actor's current job, once it is stored; so is one stored before Observation is told
    ///   (an ``Observed`` value, a model that stores, then calls `withMutation`). A model that
    ///   tells Observation before it stores, as the `@Observable` macro's setter does, and is
    ///   changed on another thread may be read before the store: the handler then ends one
    ///   change behind until the model changes again.
    /// - **A handler that changes what it tracks** is not re-entered: it is called once more,
    ///   after it returns, with the value it left. It stops there unless it changes the
    ///   model again, so a handler that only changes the model to settle it (`if status ==
    ///   .sent { status = .idle }`) settles; an `@Observable` property set to an equal value
    ///   does not count as a change.
    /// - `read` runs twice per call, once to arm the tracking and once for the value: keep
    ///   it a plain read.
    /// - **Memory.** Each call of `track` whose `read` reads an `@Observable` model leaves
    ///   one registration of Observation's in that model — about 0.8 KB — until the model
    ///   next changes, even after the container ends: Observation cannot take one back. An
    ///   ``Observed`` value read here leaves nothing. To follow a long-lived model from many
    ///   short-lived containers — a dialog that follows the app's settings — follow its
    ///   property by key path, ``track(initial:_:of:onChange:)``, which shares one registration
    ///   among all of them.
    ///
    /// ```swift
    /// container.track(initial: true) { viewModel.status } onChange: { status in
    ///     render(status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Whether `handler` is first called with the current value, before the call
    ///     returns.
    ///   - read: Reads the value to follow; what it reads is tracked.
    ///   - handler: Receives the value after each change.
    /// - Returns: The subscription, to cancel before the container ends.
    @discardableResult
    public func track<Value: Sendable>(
        initial: Bool = false, _ read: @escaping @Sendable () -> Value,
        onChange handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let tracking = Tracking(delivery: .deliveryThread, phase: .start(initial: initial))
        let subscription = Subscription(firesOnce: false) { _ in
            handler(tracking.read(read))
        }
        guard tie(subscription, tracking) else { return subscription }
        if initial { tracking.deliverAll() } else { _ = tracking.read(read) }
        return subscription
    }

    /// Calls `handler` on the main actor with what `read` reads after each change, until the
    /// container ends or the returned subscription is cancelled.
    ///
    /// The form for main-actor view models, which is what SwiftUI follows too. It keeps every
    /// promise of ``track(initial:_:onChange:)`` — the end, coalescing, a
    /// handler that changes what it tracks — and runs `read` and `handler` on the main actor:
    /// a change, on the main actor or off it, schedules a main-actor job that checks the
    /// subscription before it reads, so after `end()` returns nothing runs. The call for
    /// `initial: true` runs before `track` returns. Like the other form, each
    /// call leaves one registration of Observation's in the `@Observable` model it reads until
    /// the model next changes; ``trackOnMainActor(initial:_:of:onChange:)`` shares one.
    ///
    /// ```swift
    /// @MainActor @Observable final class GuideViewModel {
    ///     var status = GuideViewStatus.welcome
    /// }
    ///
    /// guideContainer.trackOnMainActor(initial: true) {
    ///     viewModel.status
    /// } onChange: { status in
    ///     screen.render(status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Whether `handler` is first called with the current value, before the call
    ///     returns.
    ///   - read: Reads the value to follow; what it reads is tracked.
    ///   - handler: Receives the value after each change, on the main actor.
    /// - Returns: The subscription, to cancel before the container ends.
    @MainActor
    @discardableResult
    public func trackOnMainActor<Value: Sendable>(
        initial: Bool = false, _ read: @escaping @MainActor () -> Value,
        onChange handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let tracking = Tracking(delivery: .mainActor, phase: .start(initial: initial))
        let subscription = Subscription(firesOnce: false) { _ in
            MainActor.assumeIsolated { handler(tracking.read(read)) }
        }
        guard tie(subscription, tracking) else { return subscription }
        if initial { tracking.deliverAll() } else { _ = tracking.read(read) }
        return subscription
    }

    /// Calls `handler` with the value of the model's property at `keyPath` after each change,
    /// until the container ends or the returned subscription is cancelled.
    ///
    /// It keeps every promise of ``track(initial:_:onChange:)`` — the end, where the calls run,
    /// coalescing, a handler that changes what it follows — and follows one property of one
    /// model in a way that leaves nothing behind: however many containers follow the same
    /// property, Strata keeps one registration of Observation's in the model for all of them,
    /// and forgets each container when it ends. A hundred thousand dialogs that follow an
    /// app-lifetime model that never changes add nothing to resident memory, where the closure
    /// form leaves a registration in the model for each.
    ///
    /// The key path may reach through the model (`\.session.status`) or name a computed
    /// property: what reading it reads is followed. The model must be safe to read from any
    /// thread; for a main-actor model use ``trackOnMainActor(initial:_:of:onChange:)``.
    ///
    /// ```swift
    /// // `settings`: the app's @Observable settings, safe to read from any thread.
    /// dialogContainer.track(initial: true, \.theme, of: settings) { theme in
    ///     dialog.apply(theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Whether `handler` is first called with the current value, before the call
    ///     returns.
    ///   - keyPath: The property to follow.
    ///   - model: The model that has the property.
    ///   - handler: Receives the value after each change.
    /// - Returns: The subscription, to cancel before the container ends.
    @discardableResult
    public func track<Model: Observable & AnyObject & Sendable, Value: Sendable>(
        initial: Bool = false, _ keyPath: any KeyPath<Model, Value> & Sendable,
        of model: Model, onChange handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let observation = PropertyObservation.of(model, keyPath, delivering: .deliveryThread)
        let read: @Sendable () -> Value = { model[keyPath: keyPath] }
        let tracking = Tracking(delivery: .deliveryThread, phase: .start(initial: initial))
        let subscription = Subscription(firesOnce: false) { _ in
            handler(tracking.read(observation, read))
        }
        return follow(observation, by: tracking, for: subscription, initial: initial) {
            observation.arm(read)
        }
    }

    /// Calls `handler` on the main actor with the value of the model's property at `keyPath`
    /// after each change, until the container ends or the returned subscription is cancelled.
    ///
    /// The form of ``trackOnMainActor(initial:_:onChange:)`` that leaves nothing behind in the
    /// model, as ``track(initial:_:of:onChange:)`` does: one registration of Observation's in
    /// the model for every container that follows the property, each forgotten when its
    /// container ends. The property is read, and `handler` runs, on the main actor.
    ///
    /// ```swift
    /// @MainActor @Observable final class AppViewModel {
    ///     var banner = Banner.none
    /// }
    ///
    /// dialogContainer.trackOnMainActor(initial: true, \.banner, of: appViewModel) { banner in
    ///     dialog.show(banner)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Whether `handler` is first called with the current value, before the call
    ///     returns.
    ///   - keyPath: The property to follow.
    ///   - model: The model that has the property.
    ///   - handler: Receives the value after each change, on the main actor.
    /// - Returns: The subscription, to cancel before the container ends.
    @MainActor
    @discardableResult
    public func trackOnMainActor<Model: Observable & AnyObject, Value: Sendable>(
        initial: Bool = false, _ keyPath: KeyPath<Model, Value>,
        of model: Model, onChange handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let observation = PropertyObservation.of(model, keyPath, delivering: .mainActor)
        let read: @MainActor () -> Value = { model[keyPath: keyPath] }
        let tracking = Tracking(delivery: .mainActor, phase: .start(initial: initial))
        let subscription = Subscription(firesOnce: false) { _ in
            MainActor.assumeIsolated { handler(tracking.read(observation, read)) }
        }
        return follow(observation, by: tracking, for: subscription, initial: initial) {
            observation.arm(read)
        }
    }

    /// Starts a key-path tracking: tied to the container, following `observation`, and
    /// either delivering the current value now or armed for the next change.
    ///
    /// - Parameters:
    ///   - observation: The model's property, shared by its followers.
    ///   - tracking: What delivers each change to `subscription`.
    ///   - subscription: The handler's subscription.
    ///   - initial: Whether the current value is delivered now.
    ///   - arm: Registers for the next change, by a read on the tracking's actor.
    /// - Returns: `subscription`.
    private func follow(
        _ observation: PropertyObservation, by tracking: Tracking,
        for subscription: Subscription, initial: Bool, arm: () -> Void
    ) -> Subscription {
        guard tie(subscription, tracking) else { return subscription }
        tracking.follow([observation])
        if initial { tracking.deliverAll() } else { arm() }
        return subscription
    }

    /// Ties the subscription to the container; `false` when the container has ended, which
    /// cancels it.
    private func tie(_ subscription: Subscription, _ tracking: Tracking) -> Bool {
        tracking.attach(subscription)
        boundCore.addSubscription(subscription)
        return subscription.isInEffect
    }
}

extension TrackingState.Phase {
    /// Where tracking starts: delivering the current value, for `initial: true`, else idle
    /// until the next change.
    fileprivate static func start(initial: Bool) -> Self {
        initial ? .delivering(changed: false) : .idle
    }
}
