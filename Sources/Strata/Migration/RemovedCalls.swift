// The 0.9 spellings of calls 1.0 removed or renamed. Unavailable, so that a 0.9 call names
// what to write; none is in the public surface.

extension Provider {
    /// Removed in 1.0: ``endCachedInstance(fileID:filePath:line:)``.
    @available(*, unavailable, renamed: "endCachedInstance()")
    public func reset() -> EndReport { fatalError() }

    /// Removed in 1.0: ``override(_:)`` replaces one argument's instance.
    @available(
        *, unavailable, renamed: "override(_:)",
        message: "on a shared(by:) provider, override(_:) replaces that argument's instance alone"
    )
    public func overrideForArgument(_ make: @escaping @Sendable () throws -> Value) {
        fatalError()
    }

    /// Removed in 1.0: cancel the subscription ``override(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that override(_:) returns and call cancel() on it"
    )
    public func removeOverrideForArgument() { fatalError() }
}

extension MainActorProvider {
    /// Removed in 1.0: ``endCachedInstance(fileID:filePath:line:)``.
    @available(*, unavailable, renamed: "endCachedInstance()")
    public func reset() -> EndReport { fatalError() }

    /// Removed in 1.0: ``override(_:)`` replaces one argument's instance.
    @available(
        *, unavailable, renamed: "override(_:)",
        message: "on a shared(by:) provider, override(_:) replaces that argument's instance alone"
    )
    public func overrideForArgument(_ make: @escaping @MainActor () throws -> Value) {
        fatalError()
    }

    /// Removed in 1.0: cancel the subscription ``override(_:)`` returns.
    @available(
        *, unavailable,
        message: "keep the Subscription that override(_:) returns and call cancel() on it"
    )
    public func removeOverrideForArgument() { fatalError() }
}

extension AsyncProvider {
    /// Removed in 1.0: ``endCachedInstance(fileID:filePath:line:)``.
    @available(*, unavailable, renamed: "endCachedInstance()")
    public func reset() -> EndReport { fatalError() }
}

extension Container {
    /// Removed in 1.0: `try perform(_:)`, or `try!`.
    @available(*, unavailable, message: "try container.perform(route), or try! to trap")
    public func performOrTrap<R: Route>(_ route: R) -> R.Output { fatalError() }

    /// Removed in 1.0: `try gather(_:)`, or `try!`.
    @available(*, unavailable, message: "try container.gather(Key.self), or try! to trap")
    public func gatherOrTrap<Key: ContributionKey>(_ key: Key.Type) -> [Key.Element] {
        fatalError()
    }

    /// Removed in 1.0: `try gather(_:)`, or `try!`.
    @available(*, unavailable, message: "try container.gather(Key.self), or try! to trap")
    @MainActor
    public func gatherOrTrap<Key: MainActorContributionKey>(_ key: Key.Type) -> [Key.Element] {
        fatalError()
    }
}

extension Observed {
    /// Removed in 1.0: ``observe(in:once:_:)`` with `once: true`.
    @available(*, unavailable, message: "observed.observe(in: container, once: true) { … }")
    @discardableResult
    public func observeOnce<Owner: Container>(
        in container: Owner, _ handler: @escaping @Sendable (Value) -> Void
    ) -> Subscription { fatalError() }

    /// Removed in 1.0: ``Container/trackOnMainActor(initial:_:onChange:)``.
    @available(
        *, unavailable,
        message: "container.trackOnMainActor(initial:) { observed.value } onChange: { … }"
    )
    @MainActor
    @discardableResult
    public func observeOnMainActor<Owner: Container>(
        in container: Owner, from start: TrackingStart = .nextChange,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription { fatalError() }
}

extension Provider {
    /// Removed in 1.0: ``overrideEveryArgument(of:_:)``.
    @available(*, unavailable, renamed: "overrideEveryArgument(of:_:)")
    public func override<ID: Hashable & Sendable>(
        by type: ID.Type, _ make: @escaping @Sendable (ID) throws -> Value
    ) { fatalError() }
}

extension MainActorProvider {
    /// Removed in 1.0: ``overrideEveryArgument(of:_:)``.
    @available(*, unavailable, renamed: "overrideEveryArgument(of:_:)")
    public func override<ID: Hashable & Sendable>(
        by type: ID.Type, _ make: @escaping @MainActor (ID) throws -> Value
    ) { fatalError() }
}

/// Removed in 1.0: `contribute(_:_:)` returns a ``Subscription``.
@available(
    *, unavailable,
    message: "contribute(_:_:) returns a Subscription: subscription.cancel() withdraws it"
)
public struct Contribution {}

/// Removed in 1.0: ``ContainerStack``, and ``ContainerTabs`` for tabs.
@available(
    *, unavailable,
    message:
        "ContainerStack(in:): push(_:), popTo(_:), path, path.last { … }, replace(with: []); ContainerTabs for tabs"
)
public struct ChildContainers<Child> {}
