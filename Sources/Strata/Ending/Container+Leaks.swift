extension Container where ContainerTier == AppTier {
    /// Tells `receive` of every leak confirmed in this container's tree from now on, on the
    /// tree's watcher's task.
    ///
    /// A leak is an instance still alive once the end that released it had released its
    /// whole subtree, the work Strata started for that end had finished, and the grace period
    /// (two seconds) had passed: see <doc:LifetimesAndLifecycle>. Receivers add up:
    /// each one, and the `.noSurvivors` test trait, sees every leak. The
    /// receiver is kept until the subscription is cancelled, whether or not the token is.
    ///
    /// ```swift
    /// app.onLeak { leak in log("leak: \(leak)") }
    /// ```
    ///
    /// - Parameter receive: Called with each leak.
    /// - Returns: The subscription, to cancel.
    @discardableResult
    public func onLeak(_ receive: @escaping @Sendable (Survivor) -> Void) -> Subscription {
        boundCore.leakWatcher.addReceiver(receive)
    }
}
