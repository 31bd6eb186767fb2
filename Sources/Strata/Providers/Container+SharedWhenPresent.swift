extension Container {
    /// A provider of an optional instance that keeps no `nil`: it runs its factory again at
    /// each resolution while the factory returns `nil`, and keeps the first instance it
    /// returns until the container ends.
    ///
    /// For a value that may not exist yet — a signed-in user's token, a file not yet
    /// downloaded — where `shared { … }` would keep the first answer, `nil`, for good:
    ///
    /// ```swift
    /// var token: Provider<Token?> { sharedWhenPresent { self.keychain.token() } }
    /// ```
    ///
    /// Concurrent first callers wait for one construction, as with `shared`. If it returns an
    /// instance, every one of them gets it and the container keeps it; if it returns `nil`,
    /// every one of them gets `nil` and the next resolution runs the factory again. The
    /// instance, once kept, ends like a `shared` one: its ``ScopeBound/scopeDidEnd()`` runs
    /// at the end, and if it is still alive after its release it is watched and judged.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance, or returns `nil` when it cannot yet.
    /// - Returns: The provider.
    @inlinable
    public func sharedWhenPresent<Wrapped: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Wrapped?
    ) -> Provider<Wrapped?> {
        provider(name, line, argument: nil, lifetime: .sharedWhenPresent, make)
    }

    /// A provider of an optional main-actor instance that keeps no `nil`.
    ///
    /// The main-actor form of `sharedWhenPresent { … }`: the factory runs on the main actor,
    /// again at each resolution while it returns `nil`.
    ///
    /// ```swift
    /// var banner: MainActorProvider<BannerModel?> {
    ///     sharedWhenPresent { self.announcements().latest.map(BannerModel.init) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the instance on the main actor, or returns `nil` when it cannot yet.
    /// - Returns: The provider.
    @inlinable
    public func sharedWhenPresent<Wrapped: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Wrapped?
    ) -> MainActorProvider<Wrapped?> {
        MainActorProvider(provider(name, line, argument: nil, lifetime: .sharedWhenPresent, make))
    }
}
