/// A handle on a dependency that takes `await` to build, made by `shared { try await … }`.
///
/// Concurrent first callers await one construction (single flight). Ending the container
/// cancels a construction in flight, and its waiters get ``StrataError/ended(provider:)``.
/// A construction that throws is not kept: the next ``resolve()`` runs the factory again.
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
    /// - Returns: The instance.
    public func callAsFunction() async -> Value {
        do {
            return try await resolve()
        } catch {
            error.trap()
        }
    }

    /// Resolves the instance, throwing instead of trapping.
    ///
    /// When the factory throws, nothing is stored: the next call runs the factory again, so
    /// resolving once more retries a failed load.
    ///
    /// - Returns: The instance.
    /// - Throws: ``StrataError/ended(provider:)`` when the container has ended or ends
    ///   while the instance is being built, ``StrataError/cycle(path:)`` when the providers
    ///   need each other, and ``StrataError/factoryFailed(provider:underlying:)`` when the
    ///   factory throws.
    public func resolve() async throws(StrataError) -> Value {
        if let instance = core.cachedInstance(key) {
            return instance.value(as: Value.self)
        }
        let make = self.make
        let frame = Frame(core: core, key: key)
        let instance = try await core.constructAsync(frame, retention: .strong) { override in
            if case .async(let replacement) = override {
                return Instance(holding: try await replacement() as! Value)
            }
            return Instance(holding: try await make())
        }
        return instance.value(as: Value.self)
    }

    /// Replaces the provider's factory, for tests and previews.
    ///
    /// The instance made before is ended at once, as ``endCachedInstance()`` ends it; the next
    /// resolution builds from `make`. A construction in flight is not stored.
    ///
    /// - Parameter make: The factory to use instead of the declared one.
    public func override(_ make: @escaping @Sendable () async throws -> Value) {
        core.setOverride(.async { try await make() }, for: key)
    }

    /// Restores the factory the provider was declared with, removing the override and every
    /// layer of ``withOverride(_:isolation:operation:)`` still running; the instance made from the
    /// override is ended at once.
    public func removeOverride() {
        core.setOverride(nil, for: key)
    }
}
