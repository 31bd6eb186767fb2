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
    /// Removed in 1.0: ``observe(in:once:_:)``, which the container's end stops.
    @available(
        *, unavailable,
        message:
            "observed.observe(in: container) { … }, which the container's end stops; or Observation's withObservationTracking"
    )
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> Subscription {
        fatalError()
    }

    /// Removed in 1.0: ``observe(in:once:_:)`` with `once: true`, which the container's end
    /// stops.
    @available(
        *, unavailable,
        message:
            "observed.observe(in: container, once: true) { … }, which the container's end stops"
    )
    @discardableResult
    public func subscribeOnce(_ handler: @escaping @Sendable (Value) -> Void) -> Subscription {
        fatalError()
    }

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
    *, unavailable, renamed: "Subscription",
    message: "contribute(_:_:) returns a Subscription: subscription.cancel() withdraws it"
)
public typealias Contribution = Subscription

extension Subscription {
    /// Removed in 1.0: a plan's token is a ``Subscription``, ended by ``cancel()``.
    @available(
        *, unavailable, renamed: "cancel()",
        message: "prepare(_:_:) returns a Subscription: subscription.cancel() removes the plan"
    )
    public func remove() { fatalError() }

    /// Removed in 1.0: a contribution's token is a ``Subscription``, ended by ``cancel()``.
    @available(
        *, unavailable, renamed: "cancel()",
        message: "contribute(_:_:) returns a Subscription: subscription.cancel() withdraws it"
    )
    public func withdraw() { fatalError() }
}

/// Removed in 1.0: ``ContainerStack``, and ``ContainerTabs`` for tabs.
@available(
    *, unavailable,
    message:
        "ContainerStack(in:): push(_:), popTo(_:), path, path.last { … }, replace(with: []); ContainerTabs for tabs"
)
public struct ChildContainers<Child>: Sendable {}

@available(*, unavailable)
extension ChildContainers {
    /// Removed in 1.0: ``ContainerStack/init(in:)``, or ``ContainerTabs`` for tabs.
    @available(
        *, unavailable, message: "ContainerStack(in: owner), or ContainerTabs for tabs"
    )
    public init(in owner: some Container) { fatalError() }

    /// Removed in 1.0: ``ContainerStack/push(_:fileID:filePath:line:)``.
    @available(*, unavailable, message: "ContainerStack's push(_:) keeps a container on top")
    public func present(_ child: Child) { fatalError() }

    /// Removed in 1.0: ``ContainerStack/popTo(_:fileID:filePath:line:)``, or setting
    /// ``ContainerStack/path`` without the container.
    @available(
        *, unavailable,
        message:
            "ContainerStack's popTo(_:) ends what is above a container; set path without a container to end it"
    )
    @discardableResult
    public func dismiss(_ child: Child) -> EndReport { fatalError() }

    /// Removed in 1.0: ``ContainerStack/path``, one entry per container.
    @available(
        *, unavailable,
        message: "ContainerStack's path lists the containers, bottom first: path.map(\\.container)"
    )
    public var all: [Child] { fatalError() }

    /// Removed in 1.0: a search of ``ContainerStack/path``.
    @available(
        *, unavailable,
        message: "ContainerStack's path.last { $0.container is T }, or path.last for the top"
    )
    public var last: Child? { fatalError() }

    /// Removed in 1.0: ``ContainerStack/replace(with:fileID:filePath:line:)`` with no
    /// container.
    @available(
        *, unavailable, message: "ContainerStack's replace(with: []) ends every container"
    )
    @discardableResult
    public func removeAll() -> [Child] { fatalError() }
}
