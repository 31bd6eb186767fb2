/// What runs when a scope ends: closures, observers and subscriptions added to it.
extension ScopeCore {
    /// Adds a closure to run when the scope ends; runs it at once if the scope has ended.
    func addHook(_ hook: @escaping @Sendable () -> Void) {
        if !addHook(.closure(hook)) { hook() }
    }

    /// Adds an object to tell when the scope ends, held weakly so that it can go away
    /// earlier (a dropped subscription, a finished task).
    ///
    /// Tells it at once if the scope has ended.
    func addObserver(_ observer: any EndObserver) {
        if !addHook(.observer(WeakObserver(observer))) { observer.scopeDidEnd() }
    }

    /// Holds a subscription until the scope ends, then cancels it; cancels it at once if the
    /// scope has ended.
    ///
    /// Held strongly, so that a subscription whose token was dropped runs on; a cancelled one
    /// is let go at the next compaction.
    func addSubscription(_ subscription: Subscription) {
        if !addHook(.subscription(subscription)) { subscription.cancel() }
    }

    func addHook(_ kind: ScopeState.Hook.Kind) -> Bool {
        transitionKeepingReads { $0.addHook(kind) }
    }
}
