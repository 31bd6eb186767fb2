// The 0.9 spelling of an override's removal, which 1.0 replaced with the subscription
// `override(_:)` returns. Unavailable, so that a 0.9 call names what to write; none is in the
// public surface.

extension Provider {
    /// Removed in 1.0: cancel the subscription ``override(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that override(_:) returns and call cancel() on it"
    )
    public func removeOverride() { fatalError() }
}

extension MainActorProvider {
    /// Removed in 1.0: cancel the subscription ``override(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that override(_:) returns and call cancel() on it"
    )
    public func removeOverride() { fatalError() }
}

extension AsyncProvider {
    /// Removed in 1.0: cancel the subscription ``override(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that override(_:) returns and call cancel() on it"
    )
    public func removeOverride() { fatalError() }
}
