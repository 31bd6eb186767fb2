// The scopes of the session, feature and interaction tiers: each tier's initialisers,
// which the compiler picks by the parent's type.

extension Scope where Level == SessionTier {
    /// Makes a session scope under an app container.
    ///
    /// - Parameters:
    ///   - parent: The app container the session lives in. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    @inlinable
    public init(
        parent: Parent, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line
    ) where Parent: Container, Parent.ContainerTier == AppTier {
        self.init(childOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Makes a session scope under an app container, unless the app's end has begun.
    ///
    /// - Parameters:
    ///   - parent: The app container the session lives in.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    /// - Throws: ``StrataError/childOfEnded(parent:childTier:location:)`` when the app's
    ///   end has begun.
    @inlinable
    public init(
        checking parent: Parent, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) throws(StrataError) where Parent: Container, Parent.ContainerTier == AppTier {
        try self.init(checkingChildOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Refuses, at compile time, a parent that is not an app container.
    ///
    /// Declared only so that the compiler's error names the mistake and its fix; a parent
    /// whose tier is ``AppTier`` picks the initialiser above.
    ///
    /// ```swift
    /// let scope = SessionScope(parent: settings)  // error: a session scope's parent must be …
    /// let scope = FeatureScope(parent: settings)  // compiles: a feature under a feature
    /// ```
    ///
    /// - Parameters:
    ///   - parent: A container of a tier other than the app's.
    ///   - fileID: Unused.
    ///   - line: Unused.
    @available(
        *, unavailable,
        message: """
            a session scope's parent must be an app container (a Container whose scope is an \
            AppScope). Make the session from the app container, or make this container a \
            FeatureScope or InteractionScope to nest it under a session, feature or interaction
            """
    )
    public init<Other: Container>(
        parent: Other, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        fatalError("unavailable")
    }
}

extension Scope where Level == FeatureTier {
    /// Makes a feature scope under an app, session or feature container.
    ///
    /// - Parameters:
    ///   - parent: The container the feature lives in. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    @inlinable
    public init(
        parent: Parent, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line
    ) where Parent: Container, Parent.ContainerTier: FeatureParentTier {
        self.init(childOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Makes a feature scope under an app, session or feature container, unless the
    /// parent's end has begun.
    ///
    /// - Parameters:
    ///   - parent: The container the feature lives in.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    /// - Throws: ``StrataError/childOfEnded(parent:childTier:location:)`` when the parent's
    ///   end has begun.
    @inlinable
    public init(
        checking parent: Parent, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) throws(StrataError) where Parent: Container, Parent.ContainerTier: FeatureParentTier {
        try self.init(checkingChildOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Refuses, at compile time, an interaction container as the parent.
    ///
    /// Declared only so that the compiler's error names the mistake and its fix; an app,
    /// session or feature container picks the initialiser above.
    ///
    /// ```swift
    /// let scope = FeatureScope(parent: dialog)      // error: a feature scope's parent must be …
    /// let scope = InteractionScope(parent: dialog)  // compiles: anything nests under a dialog
    /// ```
    ///
    /// - Parameters:
    ///   - parent: An interaction container.
    ///   - fileID: Unused.
    ///   - line: Unused.
    @available(
        *, unavailable,
        message: """
            a feature scope's parent must be an app, session or feature container, not an \
            interaction: an interaction is the shortest-lived tier. Make the feature from the \
            interaction's parent, or make this container an InteractionScope
            """
    )
    public init<Other: Container>(
        parent: Other, fileID: StaticString = #fileID, line: UInt = #line
    ) where Other.ContainerTier == InteractionTier {
        fatalError("unavailable")
    }
}

extension Scope where Level == InteractionTier {
    /// Makes an interaction scope under any container.
    ///
    /// - Parameters:
    ///   - parent: The container the interaction belongs to. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    @inlinable
    public init(
        parent: Parent, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line
    ) where Parent: Container {
        self.init(childOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Makes an interaction scope under any container, unless the parent's end has begun:
    /// the form for a request that may arrive while its server shuts down.
    ///
    /// - Parameters:
    ///   - parent: The container the interaction belongs to.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    /// - Throws: ``StrataError/childOfEnded(parent:childTier:location:)`` when the parent's
    ///   end has begun.
    @inlinable
    public init(
        checking parent: Parent, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) throws(StrataError) where Parent: Container {
        try self.init(checkingChildOf: parent, fileID: fileID, filePath: filePath, line: line)
    }
}

extension Scope where Level == FeatureTier, Parent == any Container {
    /// Makes a feature scope under an app, session or feature container of any type.
    ///
    /// For a feature that reads nothing from its parent: the scope keeps the parent, but not
    /// its type, so the container has no `parent` and reaches no ancestor's providers.
    ///
    /// ```swift
    /// final class Onboarding: Container {
    ///     let scope: FeatureScope<any Container>
    ///     init(parent: some Container) { scope = FeatureScope(parent: parent) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: The container the feature lives in. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    @inlinable
    public init<Some: Container>(
        parent: Some, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line
    ) where Some.ContainerTier: FeatureParentTier {
        handle = parent.boundHandle.makeChild(
            tier: Level.self, fileID: fileID, filePath: filePath, line: line)
        parentContainer = parent
    }
}

extension Scope where Level == InteractionTier, Parent == any Container {
    /// Makes an interaction scope under any container, of any type.
    ///
    /// For a form opened under whichever container shows it, that reads nothing from its
    /// parent: the scope keeps the parent, but not its type, so the container has no
    /// `parent` and reaches no ancestor's providers.
    ///
    /// ```swift
    /// final class ContactForm: Container {
    ///     let scope: InteractionScope<any Container>
    ///     init(parent: some Container) { scope = InteractionScope(parent: parent) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: The container the interaction opens under. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    @inlinable
    public init(
        parent: some Container, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) {
        handle = parent.boundHandle.makeChild(
            tier: Level.self, fileID: fileID, filePath: filePath, line: line)
        parentContainer = parent
    }
}
