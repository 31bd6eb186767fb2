extension Container {
    /// A provider of one instance per resolution graph: every dependency that needs it
    /// during one top-level resolution gets the same instance, and the next top-level
    /// resolution builds a new one.
    ///
    /// It is the default lifetime in Swinject, and Factory's `graph` scope. Use it for a
    /// value that the parts of one object graph must share, but that no two graphs may:
    /// a unit of work, a form's draft, a request context.
    ///
    /// ```swift
    /// var draft: Provider<Draft> { graph { Draft() } }
    /// var editor: Provider<Editor> {
    ///     unique { Editor(draft: self.draft(), validator: self.validator()) }
    /// }
    /// var validator: Provider<Validator> { unique { Validator(draft: self.draft()) } }
    /// ```
    ///
    /// Here `editor()` builds one `Draft`, which the editor and its validator share; the
    /// next `editor()` builds another.
    ///
    /// A top-level resolution is a resolution made outside any factory, together with
    /// everything its factory resolves; it ends when that factory returns or throws. Two of
    /// them never share an instance, even when they run at once on two threads. An async
    /// factory and every synchronous resolution it makes, on whatever thread it resumes,
    /// belong to the graph of the async resolution that started it; and a `shared`
    /// instance built during a resolution is built in that resolution's graph.
    ///
    /// Like `unique { }`, the container neither keeps nor ends a graph instance: the
    /// objects of the graph own it, and it is released with them. Overrides and cycle
    /// checks apply as to any provider. Like `shared { }`, it traps at its first resolution
    /// when declared in a method that takes arguments, which it would ignore.
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the graph's instance. It may resolve providers of this container
    ///     and of its parents.
    /// - Returns: The provider.
    @inlinable
    public func graph<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> Value
    ) -> Provider<Value> {
        provider(name, line, argument: nil, lifetime: .graph, make)
    }

    /// A provider of one main-actor instance per resolution graph, such as the model that
    /// one screen's view models share.
    ///
    /// The main-actor form of ``graph(_:line:_:)->Provider<Value>``: the factory runs on
    /// the main actor, and the compiler checks that callers resolve the provider there.
    ///
    /// ```swift
    /// var selection: MainActorProvider<Selection> { graph { Selection() } }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The provider's name; filled in by the compiler.
    ///   - line: Where the provider is declared; filled in by the compiler.
    ///   - make: Builds the graph's instance on the main actor.
    /// - Returns: The provider.
    @inlinable
    public func graph<Value: Sendable>(
        _ name: StaticString = #function, line: UInt = #line,
        _ make: @escaping @MainActor () throws -> Value
    ) -> MainActorProvider<Value> {
        MainActorProvider(provider(name, line, argument: nil, lifetime: .graph, make))
    }
}
