extension Container {
    /// A provider of one instance per container, made on first use and released when the
    /// container ends.
    ///
    /// The instance is made exactly once, even when many threads ask for it first at the
    /// same time. Declare it in a computed property; the property's name names the provider
    /// in errors, trees and traces.
    ///
    /// A `nil` is a value like any other: a `Provider<Token?>` whose factory returns `nil`
    /// keeps `nil` until the container ends, and the factory does not run again. For a value
    /// that may appear later, use `sharedWhenPresent { … }`, which keeps no `nil`.
    ///
    /// In a method that takes arguments, use ``shared(by:_:line:_:)->Provider<Value>`` or
    /// ``unique(_:line:_:)->Provider<Value>``: `shared { }` there would make one instance
    /// for every argument, so its first resolution traps with a message that says so.
    ///
    /// ```swift
    /// var sessionRepository: Provider<any UserSessionRepository> {
    ///     shared { FileUserSessionRepository(directory: self.dataDirectory) }
    /// }
    /// ```
    ///
    /// The factory may run on any thread, so it cannot call main-actor code. In a module that
    /// is MainActor by default (`.defaultIsolation(MainActor.self)`), every type you declare
    /// is `@MainActor`, and `var profile: Provider<Profile> { shared { Profile(…) } }` fails
    /// with "call to main actor-isolated initializer 'init(user:api:)' in a synchronous
    /// nonisolated context". Either declare the property as a ``MainActorProvider``, made and
    /// resolved on the main actor:
    ///
    /// ```swift
    /// var profile: MainActorProvider<Profile> {
    ///     shared { Profile(user: self.user, api: self.parent.api()) }
    /// }
    /// ```
    ///
    /// or, for a type that is not UI and is safe to share, mark it `nonisolated` and
    /// `Sendable` (`nonisolated final class Profile: Sendable`) and keep the `Provider`.
    /// <doc:MainActorByDefault> tells the whole story.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance. It may resolve providers of this container and of its
    ///     parents; `try other.resolve()` inside it passes errors on to a throwing caller.
    /// - Returns: The provider.
    @inlinable
    public func shared<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        provider(name, line, argument: nil, lifetime: .shared, make)
    }

    /// A provider of one instance per argument value, kept in the container until it ends:
    /// assisted injection with a cache.
    ///
    /// ```swift
    /// func editor(for item: Item) -> Provider<Editor> {
    ///     shared(by: item.id) { Editor(item: item, repository: self.repository()) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - argument: The value that tells instances apart.
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance for `argument`.
    /// - Returns: The provider.
    @inlinable
    public func shared<Value: Sendable, ID: Hashable & Sendable>(
        by argument: ID, _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        provider(name, line, argument: Argument(argument), lifetime: .shared, make)
    }

    /// A provider of a new instance at every resolution.
    ///
    /// The caller owns what it gets: the container neither keeps nor ends it.
    ///
    /// A method that takes arguments and returns `unique { … }` is assisted injection:
    ///
    /// ```swift
    /// func editor(for item: Item) -> Provider<Editor> {
    ///     unique { Editor(item: item, repository: self.repository()) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds an instance.
    /// - Returns: The provider.
    @inlinable
    public func unique<Value>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        provider(name, line, argument: nil, lifetime: .unique, make)
    }

    /// A provider of one instance while anyone else holds it; the container keeps it only
    /// weakly and makes it again after it is gone.
    ///
    /// `Value` is a class, or a class-constrained protocol such as
    /// `protocol ImageCache: AnyObject, Sendable`:
    ///
    /// ```swift
    /// var session: Provider<SessionCache> { weakShared { SessionCache() } }
    /// var imageCache: Provider<any ImageCache> { weakShared { MemoryImageCache() } }
    /// ```
    ///
    /// Swift counts neither `any ImageCache` as a class type nor lets Strata tell it from a
    /// struct before a value exists, so one form serves both, and the first construction
    /// checks the value it gets: it traps, naming the provider and the value's type, when the
    /// value is not a class instance, which cannot be held weakly. Use `shared { … }` for a
    /// value. Like `shared { }`, it traps at its first resolution when declared in a method
    /// that takes arguments, which it would ignore; use
    /// ``shared(by:_:line:_:)->Provider<Value>``.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance: a class instance.
    /// - Returns: The provider.
    @inlinable
    public func weakShared<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        provider(name, line, argument: nil, lifetime: .weakShared, make)
    }

    /// A provider of one instance per container, built by an async factory.
    ///
    /// Concurrent first callers await one construction. Ending the container cancels the
    /// construction in flight. Declared in a method that takes arguments, which it would
    /// ignore, it traps at its first resolution.
    ///
    /// ```swift
    /// var catalog: AsyncProvider<Catalog> { shared { try await Catalog.load() } }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance.
    /// - Returns: The provider.
    @inlinable
    public func shared<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () async throws -> Value
    ) -> AsyncProvider<Value> {
        return AsyncProvider(
            handle: boundHandle,
            key: ProviderKey(name: name, line: line, type: Value.self), make: make)
    }

    @inlinable
    func provider<Value>(
        _ name: StaticString, _ line: UInt, argument: Argument?,
        lifetime: Provider<Value>.Lifetime, _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        return Provider(
            handle: boundHandle, name: name, line: line, argument: argument, lifetime: lifetime,
            make: make)
    }
}

extension Container {
    /// A provider of one main-actor instance per container, such as a view model.
    ///
    /// The factory runs on the main actor, and the compiler checks that callers resolve the
    /// provider there.
    ///
    /// ```swift
    /// var profileViewModel: MainActorProvider<ProfileViewModel> {
    ///     shared { ProfileViewModel(session: self.session) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance on the main actor.
    /// - Returns: The provider.
    @inlinable
    public func shared<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Value
    ) -> MainActorProvider<Value> {
        MainActorProvider(provider(name, line, argument: nil, lifetime: .shared, make))
    }

    /// A provider of one main-actor instance per argument value, such as one view model per
    /// note, kept in the container until it ends.
    ///
    /// The main-actor form of `shared(by:)`: the factory runs on the main actor, and the
    /// compiler checks that callers resolve the provider there.
    ///
    /// ```swift
    /// func editor(for note: Note) -> MainActorProvider<EditorViewModel> {
    ///     shared(by: note.id) { EditorViewModel(note: note, store: self.store()) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - argument: The value that tells instances apart.
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance for `argument` on the main actor.
    /// - Returns: The provider.
    @inlinable
    public func shared<Value: Sendable, ID: Hashable & Sendable>(
        by argument: ID, _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Value
    ) -> MainActorProvider<Value> {
        MainActorProvider(
            provider(name, line, argument: Argument(argument), lifetime: .shared, make))
    }

    /// A provider of one main-actor instance while anyone else holds it; the container keeps
    /// it only weakly and makes it again, on the main actor, after it is gone.
    ///
    /// ```swift
    /// var preview: MainActorProvider<PreviewModel> { weakShared { PreviewModel() } }
    /// ```
    ///
    /// The rules of ``weakShared(_:line:_:)->Provider<Value>``: `Value` is a class or a
    /// class-constrained protocol, and the first construction traps when the value is not a
    /// class instance.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance, a class instance, on the main actor.
    /// - Returns: The provider.
    @inlinable
    public func weakShared<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Value
    ) -> MainActorProvider<Value> {
        MainActorProvider(provider(name, line, argument: nil, lifetime: .weakShared, make))
    }

    /// A provider of a new main-actor instance at every resolution.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds an instance on the main actor.
    /// - Returns: The provider.
    @inlinable
    public func unique<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Value
    ) -> MainActorProvider<Value> {
        MainActorProvider(provider(name, line, argument: nil, lifetime: .unique, make))
    }

    @inlinable
    func provider<Value: Sendable>(
        _ name: StaticString, _ line: UInt, argument: Argument?,
        lifetime: Provider<Value>.Lifetime, _ make: @escaping @MainActor () throws -> Value
    ) -> Provider<Value> {
        // Safe: a MainActorProvider resolves only on the main actor, so the factory — which
        // runs on the resolving thread — does too.
        provider(name, line, argument: argument, lifetime: lifetime) {
            try MainActor.assumeIsolated { try make() }
        }
    }
}
