/// The lifetime of one container: what it made, its children, and whether it has ended.
///
/// A container holds its scope in a `let`. Which initialiser a scope offers depends on its
/// tier, so the compiler checks how containers nest:
///
/// | scope | parent |
/// |---|---|
/// | ``AppScope`` | none: the root |
/// | ``SessionScope`` | an app container |
/// | ``FeatureScope`` | an app, session or feature container |
/// | ``InteractionScope`` | any container |
///
/// ```swift
/// final class GuideContainer: Container {
///     let scope: FeatureScope
///     let parent: AppContainer
///     init(parent: AppContainer) {
///         self.parent = parent
///         self.scope = FeatureScope(parent: parent)
///     }
/// }
/// ```
///
/// Creating a child scope under a container that has ended traps with a message that names
/// the parent and the place the child was made.
public struct Scope<Level: Tier>: Sendable {
    @usableFromInline let core: ScopeCore

    init(core: ScopeCore) { self.core = core }

    init<Parent: Container>(childOf parent: Parent, fileID: StaticString, line: UInt) {
        parent.scope.core.bind(parent)
        core = parent.scope.core.makeChild(tier: Level.self, fileID: fileID, line: line)
    }

    /// Whether the scope is still active: `false` from the moment `end()` starts.
    public var isActive: Bool { core.isActive }

    /// The live tree of containers from this scope down, with the instances each holds.
    public var tree: ScopeTree { ScopeTree(core) }
}

/// The scope of an app container: the root of the tree, from process start to exit.
public typealias AppScope = Scope<AppTier>
/// The scope of a session container: from sign-in to sign-out, under an app container.
public typealias SessionScope = Scope<SessionTier>
/// The scope of a feature container: one flow, under an app, session or feature container.
public typealias FeatureScope = Scope<FeatureTier>
/// The scope of an interaction container: one form, dialog or gesture, under any container.
public typealias InteractionScope = Scope<InteractionTier>

extension Scope where Level == AppTier {
    /// Makes the root scope of a container tree.
    ///
    /// - Parameters:
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(core: ScopeCore(tier: AppTier.self, parent: nil, fileID: fileID, line: line))
    }
}

extension Scope where Level == SessionTier {
    /// Makes a session scope under an app container.
    ///
    /// - Parameters:
    ///   - parent: The app container the session lives in. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    public init<Parent: Container>(
        parent: Parent, fileID: StaticString = #fileID, line: UInt = #line
    ) where Parent.ContainerTier == AppTier {
        self.init(childOf: parent, fileID: fileID, line: line)
    }
}

extension Scope where Level == FeatureTier {
    /// Makes a feature scope under an app, session or feature container.
    ///
    /// - Parameters:
    ///   - parent: The container the feature lives in. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    public init<Parent: Container>(
        parent: Parent, fileID: StaticString = #fileID, line: UInt = #line
    ) where Parent.ContainerTier: FeatureParentTier {
        self.init(childOf: parent, fileID: fileID, line: line)
    }
}

extension Scope where Level == InteractionTier {
    /// Makes an interaction scope under any container.
    ///
    /// - Parameters:
    ///   - parent: The container the interaction belongs to. It must not have ended.
    ///   - fileID: Where the scope is made; filled in by the compiler.
    ///   - line: The line the scope is made on; filled in by the compiler.
    public init<Parent: Container>(
        parent: Parent, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(childOf: parent, fileID: fileID, line: line)
    }
}
