/// A handle on a provider of a container that does not keep the container alive: the answer
/// to a cycle of instances that need each other, such as a coordinator and its router, a
/// delegate, or a parent and a child view model.
///
/// A ``Provider``'s factory captures its container, so an instance the container keeps that
/// holds a `Provider` of the same container keeps that container alive: container →
/// instance → provider → container. Dropped without `end()`, such a container never ends
/// itself. A back-reference holds the container weakly. It resolves through the container
/// while the container lives and is active, and reports the end once it has ended or is gone.
///
/// Make one with `container.backReference(to:)`, naming
/// the provider with a key path:
///
/// ```swift
/// var coordinator: Provider<Coordinator> { shared { Coordinator(router: self.router()) } }
/// var router: Provider<Router> {
///     shared { Router(coordinator: self.backReference(to: \.coordinator)) }
/// }
///
/// final class Router: Sendable {
///     let coordinator: BackReference<Coordinator>
///     func back() { coordinator().pop() }
/// }
/// ```
public struct BackReference<Value>: Sendable {
    /// The provider, made afresh from the container while the container is alive.
    @usableFromInline let provider: @Sendable () -> Provider<Value>?
    /// The provider's name, made once, for the error after the container is gone.
    @usableFromInline let description: ProviderDescription

    init(
        description: ProviderDescription, provider: @escaping @Sendable () -> Provider<Value>?
    ) {
        self.description = description
        self.provider = provider
    }

    /// Resolves the instance, trapping with a message that says what went wrong, where,
    /// and how to fix it.
    ///
    /// Use it where the container is known to be alive — inside the instance the container
    /// keeps, before it is told the container ended. Code that may run later should call
    /// ``resolve()``.
    ///
    /// ```swift
    /// coordinator().pop()
    /// ```
    ///
    /// - Returns: The instance.
    @inlinable
    public func callAsFunction() -> Value {
        do {
            return try resolve()
        } catch {
            error.trap()
        }
    }

    /// Resolves the instance through the container, throwing instead of trapping.
    ///
    /// ```swift
    /// guard let coordinator = try? coordinator.resolve() else { return }  // signed out
    /// ```
    ///
    /// - Returns: The instance.
    /// - Throws: ``StrataError/ended(provider:)``, naming the provider, once the container has
    ///   ended or has been released; otherwise the errors of ``Provider/resolve()``.
    @inlinable
    public func resolve() throws(StrataError) -> Value {
        guard let provider = provider() else { throw .ended(provider: description) }
        return try provider.resolve()
    }
}

/// The main-actor form of ``BackReference``: a handle on a ``MainActorProvider`` that does
/// not keep its container alive, resolved on the main actor only.
///
/// Made by `container.backReference(to:)` with a ``MainActorProvider``:
///
/// ```swift
/// var parent: MainActorProvider<ListViewModel> {
///     shared { ListViewModel(row: self.row()) }
/// }
/// var row: MainActorProvider<RowViewModel> {
///     shared { RowViewModel(list: self.backReference(to: \.parent)) }
/// }
/// ```
public struct MainActorBackReference<Value: Sendable>: Sendable {
    @usableFromInline let base: BackReference<Value>

    init(_ base: BackReference<Value>) { self.base = base }

    /// Resolves the instance, trapping with a message that says what went wrong, where,
    /// and how to fix it.
    ///
    /// - Returns: The instance.
    @MainActor @inlinable
    public func callAsFunction() -> Value { base() }

    /// Resolves the instance through the container, throwing instead of trapping.
    ///
    /// - Returns: The instance.
    /// - Throws: The errors of ``BackReference/resolve()``.
    @MainActor @inlinable
    public func resolve() throws(StrataError) -> Value { try base.resolve() }
}

extension Container {
    /// A handle on one of this container's providers that does not keep the container alive:
    /// hold it, instead of a ``Provider``, in an instance the container keeps.
    ///
    /// Two `shared` instances that hold each other cannot both be built by their factories:
    /// Strata reports the cycle. Build one side with the other and give that one a
    /// back-reference to the first:
    ///
    /// ```swift
    /// var router: Provider<Router> {
    ///     shared { Router(coordinator: self.backReference(to: \.coordinator)) }
    /// }
    /// ```
    ///
    /// The handle holds the container weakly, so a container dropped without `end()` still
    /// ends itself while the instance holding the handle lives on.
    ///
    /// - Parameter provider: The provider, usually a key path such as `\.coordinator`.
    /// - Returns: The handle.
    public func backReference<Value>(
        to provider: @escaping @Sendable (Self) -> Provider<Value>
    ) -> BackReference<Value> {
        let made = provider(self)
        let description = made.frame.provider
        return BackReference(description: description) { [weak self] in self.map(provider) }
    }

    /// A handle on one of this container's main-actor providers that does not keep the
    /// container alive.
    ///
    /// The main-actor form of `backReference(to:)` of a ``Provider``:
    ///
    /// ```swift
    /// var row: MainActorProvider<RowViewModel> {
    ///     shared { RowViewModel(list: self.backReference(to: \.parent)) }
    /// }
    /// ```
    ///
    /// - Parameter provider: The provider, usually a key path such as `\.parent`.
    /// - Returns: The handle, resolved on the main actor.
    public func backReference<Value>(
        to provider: @escaping @Sendable (Self) -> MainActorProvider<Value>
    ) -> MainActorBackReference<Value> {
        MainActorBackReference(backReference { provider($0).base })
    }
}
