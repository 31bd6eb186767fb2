extension Container {
    /// A provider of one instance while anyone else holds it, declared with a protocol type:
    /// the container keeps the instance only weakly and makes it again after it is gone.
    ///
    /// The form of `weakShared` for a class-constrained protocol such as
    /// `protocol ImageCache: AnyObject, Sendable`, which Swift does not count as a class type:
    ///
    /// ```swift
    /// var imageCache: Provider<any ImageCache> { weakShared { MemoryImageCache() } }
    /// ```
    ///
    /// A class type picks the other `weakShared`, checked by the compiler. Here the compiler
    /// cannot tell, and Swift's type metadata cannot tell Strata, whether `Value` is an
    /// object: `any ImageCache` and a struct look alike before a value exists. So the first
    /// construction checks the value it gets, and traps, naming the provider and the value's
    /// type, when it is not a class instance: a value type cannot be held weakly. Use
    /// `shared { … }` for a value.
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

    /// A provider of one main-actor instance while anyone else holds it, declared with a
    /// protocol type.
    ///
    /// The main-actor form of `weakShared { … }` above: the factory runs on
    /// the main actor, and the value it makes must be a class instance, which the first
    /// construction checks.
    ///
    /// ```swift
    /// var preview: MainActorProvider<any PreviewModel> { weakShared { LivePreviewModel() } }
    /// ```
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
}
