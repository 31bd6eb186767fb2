/// A handle on a main-actor dependency, such as a view model: resolved on the main actor
/// only, which the compiler checks.
///
/// Made by `shared { … }`, `shared(by:) { … }`, `unique { … }` or `weakShared { … }` with a
/// factory that runs on the main actor: declare the property or method as returning a
/// `MainActorProvider` and the main-actor form is chosen.
///
/// ```swift
/// var profileViewModel: MainActorProvider<ProfileViewModel> {
///     shared { ProfileViewModel(session: self.session) }
/// }
/// func editor(for note: Note) -> MainActorProvider<EditorViewModel> {
///     shared(by: note.id) { EditorViewModel(note: note) }
/// }
/// let viewModel = signedIn.profileViewModel()   // on the main actor
/// ```
///
/// An async factory needs no main-actor form: it reaches the main actor with `await`, so
/// `shared { await ProfileViewModel.load() }` is an ``AsyncProvider`` whose factory runs on
/// the main actor and which any task can await. See <doc:MainActorByDefault>.
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
    /// The rules of ``Provider/override(_:)``: the instance made before is ended at once, and
    /// a `shared(by:)` provider's override replaces its argument's instance alone.
    ///
    /// - Parameter make: The factory to use instead, run on the main actor.
    /// - Returns: A subscription whose ``Subscription/cancel()`` removes this override, as
    ///   ``Provider/override(_:)``'s does.
    @discardableResult
    public func override(_ make: @escaping @MainActor () throws -> Value) -> Subscription {
        base.override { try MainActor.assumeIsolated { try make() } }
    }

}
