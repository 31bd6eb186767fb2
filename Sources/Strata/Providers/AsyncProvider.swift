/// A handle on a dependency that takes `await` to build, made by `shared { try await … }`.
///
/// The factory runs in the task of the first caller, with no task of Strata's: that caller's
/// cancellation reaches the factory. Concurrent first callers await that one construction
/// (single flight). When the first caller is cancelled and its factory throws, the next
/// waiter runs the factory in its own task, and never sees that cancellation; a waiter that is
/// cancelled itself stops waiting at once. Ending the container makes every waiter throw
/// ``StrataError/ended(provider:)`` at once; an instance its factory returns after the end is
/// ended at once, its end hooks run. A construction that throws is not kept: the next
/// ``resolve(isolation:)`` runs the factory again.
///
/// A resolution runs on the caller's actor (`isolation`), so a cached read from the main
/// actor costs no hop.
///
/// ```swift
/// var catalog: AsyncProvider<Catalog> { shared { try await Catalog.load(from: self.api()) } }
/// let catalog = try await app.catalog.resolve()
/// ```
public struct AsyncProvider<Value: Sendable>: Sendable {
    /// Keeps the container's scope open while the provider is kept.
    @usableFromInline let handle: ScopeHandle
    /// The key holds the provider's name and argument too.
    @usableFromInline let key: ProviderKey
    @usableFromInline let make: @Sendable () async throws -> Value

    @inlinable
    init(
        handle: ScopeHandle, key: ProviderKey, make: @escaping @Sendable () async throws -> Value
    ) {
        self.handle = handle
        self.key = key
        self.make = make
    }

    /// The scope's machinery.
    @inlinable var core: ScopeCore { handle.core }

    /// Resolves the instance, trapping with a message that says what went wrong, where,
    /// and how to fix it.
    ///
    /// - Parameter isolation: The caller's actor, which the resolution runs on; filled in by
    ///   the compiler.
    /// - Returns: The instance.
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation) async -> Value {
        do {
            return try await resolve(isolation: isolation)
        } catch {
            error.trap()
        }
    }

    /// Resolves the instance, throwing instead of trapping.
    ///
    /// When the factory throws, nothing is stored: the next call runs the factory again, so
    /// resolving once more retries a failed load.
    ///
    /// - Parameter isolation: The caller's actor, which the resolution runs on; filled in by
    ///   the compiler.
    /// - Returns: The instance.
    /// - Throws: ``StrataError/ended(provider:)`` when the container has ended or ends
    ///   while the instance is being built, ``StrataError/cycle(path:)`` when the providers
    ///   need each other, and ``StrataError/factoryFailed(provider:underlying:)`` when the
    ///   factory throws — a `CancellationError` too, when the caller is cancelled while it
    ///   builds or waits.
    @inlinable
    public func resolve(isolation: isolated (any Actor)? = #isolation) async throws(StrataError)
        -> Value
    {
        // Inlined: a cached read is the sync one's, with no call of its own. Serves the
        // "cached async shared" lines of Benchmarks/README.md.
        if let instance = core.cachedInstance(key) {
            return instance.value(as: Value.self)
        }
        return try await build(isolation: isolation)
    }

    /// The first resolution: claims the provider, or waits for the caller that claimed it.
    @usableFromInline
    func build(isolation: isolated (any Actor)?) async throws(StrataError) -> Value {
        let make = self.make
        let frame = Frame(core: core, key: key)
        let instance = try await core.constructAsync(
            frame, retention: .strong, isolation: isolation
        ) { override in
            if case .async(let replacement) = override {
                return Instance(holding: try await replacement() as! Value)
            }
            return Instance(holding: try await make())
        }
        return instance.value(as: Value.self)
    }

    /// Replaces the provider's factory, for tests and previews.
    ///
    /// The instance made before is ended at once, as ``endCachedInstance(fileID:filePath:line:)`` ends it; the next
    /// resolution builds from `make`. A construction in flight is not stored.
    ///
    /// - Parameter make: The factory to use instead of the declared one.
    /// - Returns: A subscription whose ``Subscription/cancel()`` removes this override, as
    ///   ``Provider/override(_:)``'s does.
    @discardableResult
    public func override(_ make: @escaping @Sendable () async throws -> Value) -> Subscription {
        core.setOverride(.fixed(.async { try await make() }), for: .declaration(key.declaration))
    }

}
