extension Frame {
    /// Traps when a provider that keeps one instance per container — `shared { }` or
    /// `weakShared { }` — or per top-level resolution — `graph { }` — is declared in a method
    /// that takes arguments: its key has no argument, so every call would get the instance
    /// made for the first call's arguments.
    ///
    /// Runs when an instance is about to be built, never on a cached resolution.
    ///
    /// - Parameters:
    ///   - maker: The provider maker as the user wrote it, for example `shared { … }`.
    ///   - isAsync: Whether the factory is async; `shared(by:)` has no async form.
    ///   - keeps: What the maker keeps one instance for.
    func requireNoIgnoredArguments(
        maker: String, isAsync: Bool, keeps: String = "one instance per container"
    ) {
        guard key.argument == nil, site.isDeclaredWithArguments else { return }
        trap(.argumentsIgnored(provider: provider, maker: maker, keeps: keeps, isAsync: isAsync))
    }
}
