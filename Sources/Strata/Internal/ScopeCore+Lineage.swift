/// A core's place in its tree: its listed children and its root.
extension ScopeCore {
    /// Takes `child` out of this scope's list of children.
    func removeChild(_ child: ScopeCore) {
        // The list's reference comes back out of the lock, and is let go here.
        _ = transitionKeepingReads { $0.removeChild(child) }
    }

    /// The listed children, newest first: the order they end in.
    ///
    /// A child whose handle has gone is still listed while it ends itself; its `end()` here
    /// finds the end begun, as a second `end()` does.
    var liveChildren: [ScopeCore] {
        read { $0.liveChildren }
    }

    var root: ScopeCore { rootUnretained.takeUnretainedValue() }

    /// The root, reached without counting a reference to each core on the way: every core
    /// holds its parent, so the whole chain lives at least as long as this one.
    @inline(__always)
    var rootUnretained: Unmanaged<ScopeCore> {
        var core = Unmanaged.passUnretained(self)
        while let parent = core._withUnsafeGuaranteedRef({
            $0.parentHandle.map { Unmanaged.passUnretained($0.core) }
        }) {
            core = parent
        }
        return core
    }
}
