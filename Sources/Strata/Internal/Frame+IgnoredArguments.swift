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
        let provider = self.provider
        let fix =
            isAsync
            ? """
            declare the async provider as a property of a container made for each value \
            (a feature or interaction container that holds it), or build the instance \
            synchronously with shared(by: value) { … }, one instance per value.
            """
            : """
            write shared(by: value) { … } with the value that tells instances apart (one \
            instance per value, kept until the container ends), or unique { … } for a new \
            instance at every resolution.
            """
        fatalError(
            """
            Strata: \(provider) is declared with \(maker) in a method that takes \
            arguments, but \(maker) keeps \(keeps), so every call would \
            get the instance made for the first call's arguments. Where: provider \
            '\(provider.name)' of \(provider.container). To fix: \(fix)
            """)
    }
}
