/// What keeps a scope open: the one object whose release ends it.
///
/// A container's ``Scope`` holds it, and so does every provider the container made and the
/// core of every child; when the last of them lets go, its `deinit` ends the scope, hooks
/// included — the end of a container released without ``Container/end(fileID:filePath:line:)``.
///
/// The core lives on behind it, held by whatever is still working with it: the handle
/// holds it, and so does the parent's list of children, strongly, until the child's end
/// takes it out. So the parent always reaches a listed child through a strong reference
/// it may copy: a listed core is never being deinitialised. (A core that ended itself in its
/// own `deinit` could only be listed weakly: a side table per child, which sends every retain
/// and release of the core down the runtime's slow path.)
@usableFromInline
package final class ScopeHandle: Sendable {
    @usableFromInline package let core: ScopeCore

    init(_ core: ScopeCore) { self.core = core }

    /// Binds the core to its container; see ``ScopeCore/bind(_:)``.
    ///
    /// A method rather than `handle.core.bind(_:)` at the call site: here the core is read
    /// from a borrowed handle, without counting a reference to it, on every provider made.
    @inlinable
    func bind(_ container: any Container) { core.bind(container) }

    deinit {
        // An end that began elsewhere finishes there, and unlinks the core when it does: so
        // the flag alone answers, without the lock, for a container ended before its
        // release.
        if core.isActive { _ = core.end(at: nil) }
    }

    /// Makes a child scope under this one; traps when this scope's end has begun.
    @usableFromInline
    func makeChild(
        tier: any Tier.Type, fileID: StaticString, filePath: StaticString, line: UInt
    ) -> ScopeHandle {
        do {
            return try makeChildIfOpen(tier: tier, fileID: fileID, filePath: filePath, line: line)
        } catch {
            error.trap()
        }
    }

    /// Makes a child scope under this one, unless this scope's end has begun.
    ///
    /// The one check, made in the transition that lists the child: no end can begin between
    /// the check and the listing.
    ///
    /// - Throws: ``StrataError/childOfEnded(parent:childTier:location:)`` when this scope
    ///   is closed.
    @usableFromInline
    func makeChildIfOpen(
        tier: any Tier.Type, fileID: StaticString, filePath: StaticString, line: UInt
    ) throws(StrataError) -> ScopeHandle {
        // Made before the lock, which then only decides whether to list it. Nobody else can
        // reach the core until it is listed, so there is no moment in which another caller
        // sees a child half made; one that is not listed is dropped before anyone saw it.
        let child = ScopeCore(
            tier: tier, parent: self, fileID: fileID, filePath: filePath, line: line)
        switch core.transitionKeepingReads({ $0.adopt(child) }) {
        case .adopted:
            return ScopeHandle(child)
        case .parentEnded:
            throw .childOfEnded(
                parent: core.containerDescription, childTier: tier.name,
                location: "\(fileID):\(line)")
        }
    }
}
