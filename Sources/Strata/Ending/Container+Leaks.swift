extension Container where ContainerTier == AppTier {
    /// Tells `receive` of every leak confirmed in this container's tree from now on, in the
    /// work that judges it.
    ///
    /// A leak is an instance still alive once the end that released it had released its
    /// whole subtree, the work Strata started for that end had finished, and the grace period
    /// (two seconds) had passed: see <doc:LifetimesAndLifecycle>. Receivers add up:
    /// each one, and the `.noLeaks` test trait, sees every leak. The
    /// receiver is kept until the subscription is cancelled, whether or not the token is;
    /// `cancel()` lets go of it.
    ///
    /// ```swift
    /// app.onLeak { leak in log("leak: \(leak)") }
    /// ```
    ///
    /// - Parameter receive: Called with each leak.
    /// - Returns: The subscription, to cancel.
    @discardableResult
    public func onLeak(_ receive: @escaping @Sendable (WatchedInstance) -> Void) -> Subscription {
        boundCore.leakWatcher.addReceiver(receive)
    }
}

extension ScopeCore {
    /// How many receivers of leaks this root keeps: for tests, which check that a cancelled
    /// one is not kept.
    package var leakReceiverCount: Int { leakWatcher.receiverCount }
}
