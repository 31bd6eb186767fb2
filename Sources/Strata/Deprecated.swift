// The spellings that go away before 1.0. Each still compiles, with a warning that names its
// replacement; where the replacement takes the same arguments, Xcode offers the fix. The
// CHANGELOG lists them, and "Choosing an API" says why each replacement is the one to use.

extension Provider {
    /// Ends the instance the container keeps for this provider.
    @available(*, deprecated, renamed: "endCachedInstance()")
    @discardableResult
    public func reset() -> EndReport { endCachedInstance() }

    /// Overrides every argument of a `shared(by:)` provider.
    @available(*, deprecated, renamed: "overrideEveryArgument(of:_:)")
    public func override<ID: Hashable & Sendable>(
        by type: ID.Type, _ make: @escaping @Sendable (ID) throws -> Value
    ) {
        overrideEveryArgument(of: type, make)
    }
}

extension MainActorProvider {
    /// Ends the instance the container keeps for this provider.
    @available(*, deprecated, renamed: "endCachedInstance()")
    @discardableResult
    public func reset() -> EndReport { endCachedInstance() }

    /// Overrides every argument of a `shared(by:)` provider.
    @available(*, deprecated, renamed: "overrideEveryArgument(of:_:)")
    public func override<ID: Hashable & Sendable>(
        by type: ID.Type, _ make: @escaping @MainActor (ID) throws -> Value
    ) {
        overrideEveryArgument(of: type, make)
    }
}

extension AsyncProvider {
    /// Ends the instance the container keeps for this provider.
    @available(*, deprecated, renamed: "endCachedInstance()")
    @discardableResult
    public func reset() -> EndReport { endCachedInstance() }
}

extension Container {
    /// Performs `route`, trapping when no container handles it.
    @available(
        *, deprecated,
        message:
            "write 'try perform(_:)', and handle StrataError.routeNotFound; 'try!' traps with the same text"
    )
    public func performOrTrap<R: Route>(_ route: R) -> R.Output {
        do {
            return try perform(route)
        } catch {
            error.trap()
        }
    }

    /// Gathers the contributions to `key`, trapping when a factory fails.
    @available(
        *, deprecated,
        message:
            "write 'try gather(_:)', and handle the StrataError; 'try!' traps with the same text"
    )
    public func gatherOrTrap<Key: ContributionKey>(_ key: Key.Type) -> [Key.Element] {
        do {
            return try gather(key)
        } catch {
            error.trap()
        }
    }

    /// Gathers the contributions to a main-actor `key`, trapping when a factory fails.
    @available(
        *, deprecated,
        message:
            "write 'try gather(_:)', and handle the StrataError; 'try!' traps with the same text"
    )
    @MainActor
    public func gatherOrTrap<Key: MainActorContributionKey>(_ key: Key.Type) -> [Key.Element] {
        do {
            return try gather(key)
        } catch {
            error.trap()
        }
    }
}

extension Observed {
    /// Calls `handler` on the main actor with the latest value after changes, coalesced,
    /// until `container` ends.
    ///
    /// It never meant what ``observe(in:_:)`` means — every value, at once, on the setter's
    /// thread — but followed the latest value as tracking does. Tracking says so in its name.
    @available(
        *, deprecated,
        message:
            "it coalesces, unlike observe(in:); write container.trackOnMainActor(from:) { observed.value } onChange: { … }"
    )
    @MainActor
    @discardableResult
    public func observeOnMainActor<Owner: Container>(
        in container: Owner, from start: TrackingStart = .nextChange,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        container.trackOnMainActor(from: start) {
            self.value
        } onChange: {
            handler($0)
        }
    }
}
