extension Provider {
    /// Drops the instance the container keeps for this provider, and ends it now: the next
    /// resolution builds anew.
    ///
    /// The instance is ended as ``Container/end(fileID:filePath:line:)`` ends one: a ``ScopeBound``
    /// is told, an ``AsyncScopeBound`` is started in a task of its own and listed in
    /// ``EndReport/overran``, a tracer gets ``TraceEvent/instanceEnded(_:instanceType:)``. Then
    /// it is released, and judged like anything that ends: if something still holds it, it is in
    /// ``EndReport/watched``, and ``EndReport/leaks()`` says once it is judged whether it leaked. A
    /// leak also reaches the root's ``Container/onLeak(_:)`` receivers and the `.noLeaks` test
    /// trait, so a leak check sees a leak through `endCachedInstance()` too.
    ///
    /// A `shared(by:)` provider ends the instance of its own argument only. A `weakShared`
    /// provider drops its instance if it is still alive: someone holds it, so it is
    /// watched. A `unique` provider keeps nothing, and a container that has ended has
    /// nothing left: both give an empty report. An instance being built when this is called
    /// is not stored: it goes to the caller that started it, and every later resolution,
    /// and every one that was waiting for it, builds anew.
    ///
    /// ```swift
    /// app.imageCache.endCachedInstance()     // after a memory warning
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where it is called, for a leak report of the instance to point at; filled
    ///     in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Returns: What was ended: ``EndReport/ended`` is empty, since no container ended.
    @discardableResult
    public func endCachedInstance(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) -> EndReport {
        core.reset(key, at: SourceSite(fileID: fileID, filePath: filePath, line: line))
    }

    /// Replaces the provider's factory with one that receives the argument, for every
    /// argument of a `shared(by:)` provider: a fake per item of a list.
    ///
    /// It applies to the whole declaration, and ends the instances made before; an override
    /// of one argument (``override(_:)`` on that argument's provider) wins over it for that
    /// argument. The subscription it returns removes it.
    ///
    /// ```swift
    /// app.detail(id: 0).overrideEveryArgument(of: Int.self) { id in FakeDetail(id: id) }
    /// ```
    ///
    /// It traps when the provider has no argument (it was not made by `shared(by:)`), or
    /// when its argument is not an `ID`.
    ///
    /// - Parameters:
    ///   - type: The type of the argument given to `shared(by:)`.
    ///   - make: Builds the instance for an argument.
    /// - Returns: A subscription whose ``Subscription/cancel()`` removes this override, as
    ///   ``override(_:)``'s does; an argument's own override stays.
    @discardableResult
    public func overrideEveryArgument<ID: Hashable & Sendable>(
        of type: ID.Type, _ make: @escaping @Sendable (ID) throws -> Value
    ) -> Subscription {
        guard let argument = key.argument else {
            trap(.overrideWithoutArgument(provider: site.displayName))
        }
        guard argument.value.base is ID else {
            trap(
                .overrideArgumentType(
                    provider: site.displayName,
                    argumentType: "\(Swift.type(of: argument.value.base))", given: "\(ID.self)"))
        }
        let name = site.displayName
        return core.setOverride(
            .receivingArgument { argument in
                guard let id = argument.value.base as? ID else {
                    trap(
                        .overrideArgumentType(
                            provider: name, argumentType: "\(Swift.type(of: argument.value.base))",
                            given: "\(ID.self)"))
                }
                return try make(id)
            },
            for: .declaration(key.declaration))
    }

    /// Runs `operation` with `make` as the provider's factory, then restores what was there
    /// before: a test helper's override.
    ///
    /// It replaces what the provider names, as ``override(_:)`` does: one argument of a
    /// `shared(by:)` provider, else the declaration. Scoped overrides stack: the innermost is
    /// in force, and each removes exactly its own layer when `operation` returns or throws —
    /// also when another task's layer came or went meanwhile. An ``override(_:)`` made inside
    /// `operation` takes effect at once, over this layer, in place of the unscoped override
    /// there was, and stays after `operation`, with the instance made from it. The instance
    /// made before is ended when `operation` starts, and the one made from `make` when it
    /// returns, so the next resolution builds from what is in force.
    ///
    /// ```swift
    /// await app.clock.withOverride { FixedClock(at: noon) } operation: {
    ///     #expect(app.greeting().text == "Good afternoon")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - make: The factory to use while `operation` runs.
    ///   - isolation: Where `operation` runs: the caller's actor; filled in by the compiler.
    ///   - operation: The code to run with the override.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withOverride<Result>(
        _ make: @escaping @Sendable () throws -> Value,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await core.withOverride(
            .fixed(.sync { try make() }), for: ScopeCore.overrideTarget(key),
            isolation: isolation, operation)
    }
}

extension MainActorProvider {
    /// Drops the instance the container keeps for this provider, and ends it now: the next
    /// resolution builds anew.
    ///
    /// See ``Provider/endCachedInstance(fileID:filePath:line:)`` for the rules.
    ///
    /// - Parameters:
    ///   - fileID: Where it is called; filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Returns: What was ended, and the instance if it is still alive: watched, not judged.
    @discardableResult
    public func endCachedInstance(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) -> EndReport {
        base.endCachedInstance(fileID: fileID, filePath: filePath, line: line)
    }

    /// Replaces the provider's factory with one that receives the argument, for every
    /// argument of a `shared(by:)` provider.
    ///
    /// See ``Provider/overrideEveryArgument(of:_:)`` for the rules.
    ///
    /// - Parameters:
    ///   - type: The type of the argument given to `shared(by:)`.
    ///   - make: Builds the instance for an argument, on the main actor.
    /// - Returns: A subscription whose ``Subscription/cancel()`` removes this override.
    @discardableResult
    public func overrideEveryArgument<ID: Hashable & Sendable>(
        of type: ID.Type, _ make: @escaping @MainActor (ID) throws -> Value
    ) -> Subscription {
        base.overrideEveryArgument(of: type) { id in try MainActor.assumeIsolated { try make(id) } }
    }

    /// Runs `operation` with `make` as the provider's factory, then restores what was there
    /// before.
    ///
    /// See ``Provider/withOverride(_:isolation:operation:)`` for the rules.
    ///
    /// - Parameters:
    ///   - make: The factory to use while `operation` runs, run on the main actor.
    ///   - isolation: Where `operation` runs: the caller's actor; filled in by the compiler.
    ///   - operation: The code to run with the override.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withOverride<Result>(
        _ make: @escaping @MainActor () throws -> Value,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await base.withOverride(
            { try MainActor.assumeIsolated { try make() } }, isolation: isolation,
            operation: operation)
    }
}

extension AsyncProvider {
    /// Drops the instance the container keeps for this provider, and ends it now: the next
    /// resolution builds anew.
    ///
    /// See ``Provider/endCachedInstance(fileID:filePath:line:)`` for the rules. A construction in flight is not
    /// cancelled: the callers awaiting it get what it builds, which is not stored.
    ///
    /// - Parameters:
    ///   - fileID: Where it is called; filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Returns: What was ended, and the instance if it is still alive: watched, not judged.
    @discardableResult
    public func endCachedInstance(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) -> EndReport {
        core.reset(key, at: SourceSite(fileID: fileID, filePath: filePath, line: line))
    }

    /// Runs `operation` with `make` as the provider's factory, then restores what was there
    /// before.
    ///
    /// See ``Provider/withOverride(_:isolation:operation:)`` for the rules.
    ///
    /// - Parameters:
    ///   - make: The factory to use while `operation` runs.
    ///   - isolation: Where `operation` runs: the caller's actor; filled in by the compiler.
    ///   - operation: The code to run with the override.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withOverride<Result>(
        _ make: @escaping @Sendable () async throws -> Value,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await core.withOverride(
            .fixed(.async { try await make() }), for: .declaration(key.declaration),
            isolation: isolation, operation)
    }
}
