// The 0.9 spelling of stopping a trace, which 1.0 replaced with the subscription `onTrace`
// returns. Unavailable, so that a 0.9 call names what to write; not in the public surface.

extension Container where ContainerTier == AppTier {
    /// Removed in 1.0: cancel the subscription ``onTrace(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that onTrace returns and call cancel() on it"
    )
    public func onTrace(_ stop: Never?) { fatalError() }
}
