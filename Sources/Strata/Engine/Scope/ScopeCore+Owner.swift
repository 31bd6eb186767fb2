// The container a core's side state (``SideState``) keeps weakly. The rest of the side state
// is kept by the folders of its public faces: plans in Overrides, the leak watcher in Ending,
// routes and contributions in Features, tracing in Diagnostics.

/// The container a scope's closures receive, kept weakly (``SideState/owner``).
extension ScopeCore {
    /// Keeps a weak reference to the container, for the closures it hands to this scope.
    ///
    /// Made by the first route handler, contribution or end hook, so that a container that
    /// keeps none costs nothing; never while a body holds the scope, which holds the
    /// container strongly instead (``ScopeState/heldOwner``).
    func remember(_ owner: any Container) {
        guard read({ $0.heldOwner == nil && $0.side?.owner == nil }) else { return }
        let reference: OwnerReference = { [weak owner] in owner }
        // Nothing a read serves changes, so a parent keeps serving reads without the lock.
        transitionKeepingReads { state in
            guard state.serves, state.side?.owner == nil else { return }
            state.sideKeepingReads().owner = reference
        }
    }

    /// The container, while it is alive and its scope not released; `nil` once its release
    /// has begun.
    ///
    /// The weak reference is loaded out of the lock: a strong reference loaded under it could
    /// be the last one, and the container's deinit would run there. A held owner cannot be:
    /// the state keeps its own.
    var owner: (any Container)? {
        let (held, weak) = read { ($0.heldOwner, $0.side?.owner) }
        return held ?? weak?()
    }
}
