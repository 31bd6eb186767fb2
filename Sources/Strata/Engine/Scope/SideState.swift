/// What a scope keeps that most scopes never use: overrides, the trace handler, routes,
/// contributions, a root's tree settings and the record of its end.
///
/// Kept apart so that a container that uses none of it pays one `nil` reference for all of
/// it: `ScopeState.sideForWriting()` makes it on the first write, and a read of a
/// scope without one sees every part empty.
///
/// A plain class with no lock of its own: it is reached only through the scope's
/// ``ScopeState``, so it is read and written only with the scope's state locked.
final class SideState {
    /// The overrides in force; `ScopeCore.hasOverrides` mirrors whether there are any.
    var overrides = OverrideTable()
    /// A root's trace handler, which calls every receiver `onTrace` added;
    /// `ScopeCore.isTracing` tells whether there is one.
    var tracer: (@Sendable (TraceEvent) -> Void)?
    /// The receivers `onTrace` added, oldest first, by number.
    var traceReceivers: [(number: UInt64, receive: @Sendable (TraceEvent) -> Void)] = []
    /// The number of the last receiver added.
    var lastTraceReceiver: UInt64 = 0
    /// The container that owns the scope, held weakly: what route handlers, contributions
    /// and end hooks receive when they run, so that none of them needs to capture it.
    ///
    /// Set by the first of them; weak, so that it never keeps the container alive, and so
    /// that it loads `nil` once the container's release has begun — a hook run by that
    /// release cannot bring the container back. A weak capture of the container as it is
    /// typed, rather than a ``WeakReference``: loading it then needs no cast to
    /// `any Container`, which cost a conformance lookup at every hook, route and gather.
    var owner: OwnerReference?
    /// Route handlers by route type.
    var routes: [ObjectIdentifier: RouteEntry] = [:]
    /// What the container contributed, by key; made on first use.
    var contributions: ContributionTable?
    /// What a root keeps for its whole tree: plans, the end-report handler.
    ///
    /// Made on first use, and only in a root; `ScopeCore.hasTreeSettings` tells whether
    /// there is one.
    var treeSettings: TreeSettings?
    /// The end in progress, or done, which a parent's end and later `endAndWait` callers
    /// wait for; `nil` until one begins.
    var ending: Ending?
    /// What a draining end awaits: given when the last child leaves.
    var drained: OneShot<Void>?
    /// What ends await of children that ended quietly elsewhere and are still releasing.
    ///
    /// Every signal kept for a child is given when it leaves. More than one end may wait for
    /// one child (this scope's end and the child's own `endAndWait`, or two of those).
    var leaving: [ObjectIdentifier: [OneShot<Void>]] = [:]
    /// The test this container is charged to, for the leak check; `nil` outside tests.
    var testLedger: TestLedger?
    /// The full path of the file the scope was made in, kept in a tree a test checks.
    var filePath: StaticString?
    /// The judgements of children that ended within this scope's end: watched only once
    /// this scope's release is done too (a parent's instance may hold a child's).
    var heldJudgements: [Judgement] = []

    /// What outlives the end of its scope: a root's trace handler and tree settings, which
    /// report the end itself, the ending that later `endAndWait` callers await, and the test
    /// the scope is charged to.
    ///
    /// - Returns: A side state with only those, or `nil` when there are none.
    func keptAfterEnd() -> SideState? {
        guard tracer != nil || treeSettings != nil || ending != nil || testLedger != nil else {
            return nil
        }
        let kept = SideState()
        kept.tracer = tracer
        kept.treeSettings = treeSettings
        kept.ending = ending
        kept.testLedger = testLedger
        return kept
    }
}

/// A weak capture of the container that owns a scope, as route handlers and contributions
/// receive it (``SideState/owner``): `nil` once the container's release has begun.
typealias OwnerReference = @Sendable () -> (any Container)?

/// What a scope keeps apart from its ``ScopeState``: a side state, or, for a scope that
/// needed none before its walked end, that end's ``Ending`` alone.
///
/// A request keeps nothing apart but its end's record; holding the ending here, in the same
/// word, spares it the two side states that end made and let go of (one at the close, the
/// copy `keptAfterEnd()` makes at the release). For the README's "request" lines. Both
/// cases are references, so the optional slot is one word, as the side state's was.
enum SideSlot {
    case side(SideState)
    case ending(Ending)
}

extension ScopeState {
    /// The side state; `nil`, read as all empty, when the scope has none.
    var side: SideState? {
        if case .side(let side) = sideSlot { side } else { nil }
    }

    /// The end in progress, or done, which a parent's end and later `endAndWait` callers
    /// wait for; `nil` until one begins.
    var ending: Ending? {
        switch sideSlot {
        case .side(let side): side.ending
        case .ending(let ending): ending
        case nil: nil
        }
    }

    /// Records `ending`, in the side state if the scope has one, else alone.
    mutating func record(_ ending: Ending) {
        if let side { side.ending = ending } else { sideSlot = .ending(ending) }
    }

    /// The side state, made now if the scope has none yet.
    ///
    /// Call it only to write: a read takes `side?` and treats `nil` as empty.
    mutating func sideForWriting() -> SideState {
        needsPublishing = true
        return sideKeepingReads()
    }

    /// The side state, made if need be, for a change the lock-free paths do not read.
    ///
    /// A new side state's flags are what they published for none; it takes over an ending
    /// recorded alone.
    mutating func sideKeepingReads() -> SideState {
        if let side { return side }
        let side = SideState()
        side.ending = ending
        sideSlot = .side(side)
        return side
    }
}
