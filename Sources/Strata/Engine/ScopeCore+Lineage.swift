/// A core's place in its tree: its listed children and its root.
extension ScopeCore {
    /// Takes `child` out of this scope's list of children.
    func removeChild(_ child: ScopeCore) {
        // The list's reference comes back out of the lock, and is let go here.
        let (_, drained) = transitionKeepingReads { $0.removeChild(child) }
        drained?.give(())
    }

    /// Whether this scope is `other` or lies below it.
    func isWithin(_ other: ScopeCore) -> Bool {
        var next: ScopeCore? = self
        while let scope = next {
            if scope === other { return true }
            next = scope.parent
        }
        return false
    }

    /// Whether the current task runs work of this scope's end or of one below it: a wait for
    /// that end would wait for itself.
    var isRunningOwnWork: Bool {
        TrackedWork.runningFor?.isWithin(self) == true
    }

    /// The listed children, newest first: the order they end in.
    ///
    /// A child whose handle has gone is still listed while it ends itself; its `end()` here
    /// finds the end begun, as a second `end()` does.
    var liveChildren: [ScopeCore] {
        read { $0.liveChildren }
    }

    /// The root of this scope's tree: every core holds its parent, up to the root.
    @inline(__always)
    var root: ScopeCore {
        var core = self
        while let parent = core.parentHandle?.core { core = parent }
        return core
    }
}
