// The request tier's scope: made only checked, since a request may arrive while its
// server shuts down.

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
