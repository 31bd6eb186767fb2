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
