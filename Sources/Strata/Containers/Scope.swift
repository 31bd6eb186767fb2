/// The lifetime of one container: what it made, its children, whether it has ended, and
/// its parent.
///
/// A container holds its scope in a `let`. The scope's type names the container's tier and
/// its parent's type, and the scope holds the parent strongly: the container gets
/// ``Container/parent`` and its ancestors' providers from it, and declares no `parent` of
/// its own. Which initialiser a scope offers depends on its tier, so the compiler checks how
/// containers nest:
///
/// | scope | parent |
/// |---|---|
/// | ``AppScope`` | none: the root |
/// | ``SessionScope`` | an app container |
/// | ``FeatureScope`` | an app, session or feature container |
/// | ``InteractionScope`` | any container |
/// | ``RequestScope`` | an app or session container; its initialiser throws |
///
/// ```swift
/// final class GuideContainer: Container {
///     let scope: FeatureScope<AppContainer>
///     init(parent: AppContainer) { scope = FeatureScope(parent: parent) }
/// }
/// ```
///
/// A wrong parent does not compile, and the error says which parents the tier takes:
/// `SessionScope(parent: settings)` under a feature reads "'init(parent:fileID:line:)' is
/// unavailable: a session scope's parent must be an app container …".
///
/// Creating a child scope under a container whose end has begun traps with a message that
/// names the parent and the place the child was made. Code that may run while a parent ends
/// — a request arriving during a shutdown, a callback after sign-out — makes its child with
/// the throwing form, `init(checking:)`, which throws
/// ``StrataError/childOfEnded(parent:childTier:location:)`` instead; checking the parent's
/// `isActive` first is no guard, since the end may begin between the check and the child:
///
/// ```swift
/// final class RequestContainer: Container {
///     let scope: InteractionScope<AppContainer>
///     init(parent: AppContainer) throws(StrataError) {
///         scope = try InteractionScope(checking: parent)
///     }
/// }
/// ```
public struct Scope<Level: Tier, Parent: Sendable>: Sendable {
    /// What keeps the scope open, its machinery not yet bound to its container: reach it
    /// through `Container.boundHandle`, which binds it.
    @usableFromInline let handle: ScopeHandle

    /// The parent container, held strongly so that a child keeps its parent as long as it
    /// lives; `nil` only for the root, whose `Parent` is `Never`.
    @usableFromInline let parentContainer: Parent?

    /// The machinery, not yet bound to its container.
    @inlinable var unboundCore: ScopeCore { handle.core }

    /// The machinery, for the package's tests.
    package var core: ScopeCore { unboundCore }

    @inlinable
    init(childOf parent: Parent, fileID: StaticString, filePath: StaticString, line: UInt)
    where Parent: Container {
        handle = parent.boundHandle.makeChild(
            tier: Level.self, fileID: fileID, filePath: filePath, line: line)
        parentContainer = parent
    }

    @inlinable
    init(
        checkingChildOf parent: Parent, fileID: StaticString, filePath: StaticString, line: UInt
    ) throws(StrataError) where Parent: Container {
        handle = try parent.boundHandle.makeChildIfOpen(
            tier: Level.self, fileID: fileID, filePath: filePath, line: line)
        parentContainer = parent
    }
}

/// The scope of an app container: the root of the tree, from process start to exit.
public typealias AppScope = Scope<AppTier, Never>
/// The scope of a session container: from sign-in to sign-out, under an app container.
public typealias SessionScope<Parent: Container> = Scope<SessionTier, Parent>
/// The scope of a feature container: one flow, under an app, session or feature container.
///
/// Its `Parent` is the parent's type, or `any Container` for a feature that reads nothing
/// from its parent and may open under any app, session or feature container.
public typealias FeatureScope<Parent> = Scope<FeatureTier, Parent>
/// The scope of an interaction container: one form, dialog or gesture, under any container.
///
/// Its `Parent` is the parent's type, or `any Container` for an interaction that opens under
/// any container and reads nothing from it: a form a navigation destination makes under
/// whichever screen shows it.
public typealias InteractionScope<Parent> = Scope<InteractionTier, Parent>
/// The scope of a request container: one request a server handles, under an app or session
/// container.
public typealias RequestScope<Parent: Container> = Scope<RequestTier, Parent>

extension Scope where Level == AppTier, Parent == Never {
    /// Makes the root scope of a container tree.
    ///
    /// - Parameters:
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    public init(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) {
        handle = ScopeHandle(
            ScopeCore(
                tier: AppTier.self, parent: nil, fileID: fileID, filePath: filePath, line: line))
        parentContainer = nil
    }

    /// Refuses a parent at compile time: an app scope is the root of the tree.
    ///
    /// Declared only so that the compiler's error names the mistake and its fix.
    ///
    /// ```swift
    /// let scope = AppScope(parent: app)  // error: an app scope is the root of the tree …
    /// let scope = SessionScope(parent: app)  // compiles: a session under the app
    /// ```
    ///
    /// - Parameters:
    ///   - parent: Any container: none is allowed.
    ///   - fileID: Unused.
    ///   - line: Unused.
    @available(
        *, unavailable,
        message: """
            an app scope is the root of the tree and takes no parent. Write AppScope() for \
            the root; under another container use SessionScope(parent:) (under an app), \
            FeatureScope(parent:) or InteractionScope(parent:)
            """
    )
    public init<Other: Container>(
        parent: Other, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        fatalError("unavailable")
    }
}

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

extension Scope where Level == RequestTier {
    /// Makes a request scope under an app or session container, unless the parent's end has
    /// begun: a request may arrive while its server shuts down, so a request scope is only
    /// made this way, checked, where the other tiers also offer an unchecked
    /// `init(parent:)`.
    ///
    /// ```swift
    /// final class RequestContainer: Container {
    ///     let scope: RequestScope<AppContainer>
    ///     init(parent: AppContainer) throws(StrataError) {
    ///         scope = try RequestScope(checking: parent)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: The app or session container the request belongs to.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - filePath: The full path of that file; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    /// - Throws: ``StrataError/childOfEnded(parent:childTier:location:)`` when the parent's
    ///   end has begun.
    @inlinable
    public init(
        checking parent: Parent, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) throws(StrataError) where Parent: Container, Parent.ContainerTier: RequestParentTier {
        try self.init(checkingChildOf: parent, fileID: fileID, filePath: filePath, line: line)
    }

    /// Refuses, at compile time, a request scope made without the check, or under a parent
    /// that is not an app or session container.
    ///
    /// Declared only so that the compiler's error names the fix.
    ///
    /// ```swift
    /// let scope = RequestScope(parent: app)        // error: … write try RequestScope(checking: …
    /// let scope = try RequestScope(checking: app)  // compiles
    /// ```
    ///
    /// - Parameters:
    ///   - parent: Any container.
    ///   - fileID: Unused.
    ///   - line: Unused.
    @available(
        *, unavailable,
        message: """
            a request may arrive while its server shuts down, so its scope is made with the \
            check: write try RequestScope(checking: parent), which throws once the parent's \
            end has begun. The parent is an app or session container (a request is handled \
            for the server or for a signed-in user); under a request, make an \
            InteractionScope
            """
    )
    public init<Other: Container>(
        parent: Other, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        fatalError("unavailable")
    }
}
