/// A handle on a main-actor dependency, such as a view model: resolved on the main actor
/// only, which the compiler checks.
///
/// Made by `shared { … }` or `unique { … }` with a factory that runs on the main actor.
///
/// ```swift
/// var profileViewModel: MainActorProvider<ProfileViewModel> {
///     shared { ProfileViewModel(session: self.session) }
/// }
/// let viewModel = signedIn.profileViewModel()   // on the main actor
/// ```
public struct MainActorProvider<Value: Sendable>: Sendable {
    @usableFromInline let base: Provider<Value>

    @inlinable
    init(_ base: Provider<Value>) { self.base = base }

    /// Resolves the instance, trapping with a message that says what went wrong, where,
    /// and how to fix it.
    ///
    /// - Returns: The instance.
    @MainActor @inlinable
    public func callAsFunction() -> Value { base() }

    /// Resolves the instance, throwing instead of trapping.
    ///
    /// - Returns: The instance.
    /// - Throws: The errors of ``Provider/resolve()``.
    @MainActor @inlinable
    public func resolve() throws(StrataError) -> Value { try base.resolve() }

    /// Replaces the provider's factory, for tests and previews.
    ///
    /// - Parameter make: The factory to use instead, run on the main actor.
    public func override(_ make: @escaping @MainActor () throws -> Value) {
        base.override { try MainActor.assumeIsolated { try make() } }
    }

    /// Restores the factory the provider was declared with.
    public func removeOverride() { base.removeOverride() }
}
