public import Observation

// The 0.9 spellings of tracking's start, which 1.0 replaced with `initial:`. Unavailable, so
// that a 0.9 call names what to write; none is in the public surface.

/// Removed in 1.0: the tracking calls take `initial: true` for `.currentValue`.
@available(
    *, unavailable, message: "write initial: true for .currentValue, nothing for .nextChange"
)
public enum TrackingStart: Sendable {
    case nextChange
    case currentValue
}

extension Container {
    /// Removed in 1.0: ``track(initial:_:onChange:)``.
    @available(*, unavailable, renamed: "track(initial:_:onChange:)")
    @discardableResult
    public func track<Value: Sendable>(
        from start: TrackingStart, _ read: @escaping @Sendable () -> Value,
        onChange handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription { fatalError() }

    /// Removed in 1.0: ``trackOnMainActor(initial:_:onChange:)``.
    @available(*, unavailable, renamed: "trackOnMainActor(initial:_:onChange:)")
    @MainActor
    @discardableResult
    public func trackOnMainActor<Value: Sendable>(
        from start: TrackingStart, _ read: @escaping @MainActor () -> Value,
        onChange handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription { fatalError() }

    /// Removed in 1.0: ``track(initial:_:of:onChange:)``.
    @available(*, unavailable, renamed: "track(initial:_:of:onChange:)")
    @discardableResult
    public func track<Model: Observable & AnyObject & Sendable, Value: Sendable>(
        from start: TrackingStart, _ keyPath: any KeyPath<Model, Value> & Sendable,
        of model: Model, onChange handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription { fatalError() }

    /// Removed in 1.0: ``trackOnMainActor(initial:_:of:onChange:)``.
    @available(*, unavailable, renamed: "trackOnMainActor(initial:_:of:onChange:)")
    @MainActor
    @discardableResult
    public func trackOnMainActor<Model: Observable & AnyObject, Value: Sendable>(
        from start: TrackingStart, _ keyPath: KeyPath<Model, Value>,
        of model: Model, onChange handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription { fatalError() }
}
