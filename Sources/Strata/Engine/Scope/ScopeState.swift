/// A scope's lifecycle and tables, as a value: the state machine behind every container.
///
/// Every change is a transition — a mutating method that decides, under the scope's lock,
/// and returns what is left to do once the lock is released: the hooks and instances to
/// end, what to release, the construction to wait on. ``ScopeCore`` is the shell around it:
/// it takes the lock, applies one transition with ``ScopeCore/transition(_:)`` or reads with
/// ``ScopeCore/read(_:)``, and performs the actions outside, where a hook or a deinit may call
/// back into Strata.
///
/// The same shape as the channel state machines of swift-async-algorithms: no transition
/// runs user code, and no code outside a transition changes the state. Nor does a transition
/// start a task or make a core, an ending or a construction: the shell makes what one may
/// need before the lock and passes it in (``adopt(_:)``, ``claim(_:with:)``), or is told to
/// make it and hands it to a second transition (``beginEnd(quietAllowed:)``, then
/// ``close(with:)``). ``EndSequence`` lists the steps of an end and the transition of each.
///
/// Each transition is a plain method on a value, so the package's tests drive it directly,
/// with no threads and no lock (`ScopeStateTests`); that is why it is `package`.
///
/// Rarely used state — overrides, the trace handler, routes, contributions, a root's tree
/// settings, the `endAndWait` task — lives in ``SideState``, made on first write.
package struct ScopeState {
    /// Where a scope stands in its life; see ``EndSequence`` for the steps between them.
    package enum Phase: UInt8 {
        /// Serves resolutions, takes children and hooks.
        case active
        /// Its end began (step 1): it takes no more children, and still serves resolutions
        /// and takes hooks while its children end.
        case closing
        /// Its own work is stopping (step 4): resolution fails; a hook added now runs at once.
        case ending
        /// Its tables are released.
        case ended
    }

    /// Where a container stands in learning its type and applying its root's plans.
    enum Naming {
        case unnamed
        /// A thread is applying the plans for this container; others wait on the run.
        case preparing(PlanRun)
        /// Plain `Any.Type`, eight bytes, where `any Container.Type` takes sixteen; see
        /// ``ContainerName``.
        case named(Any.Type)

        var owner: Any.Type? {
            switch self {
            case .unnamed: nil
            case .preparing(let run): run.owner
            case .named(let owner): owner
            }
        }
    }

    /// The container's type, learnt on first use.
    private(set) var naming = Naming.unnamed
    var entries = EntryTable() {
        didSet { noteServedChange() }
    }
    // The small fields follow the table, in its padding.
    /// The lifecycle: `active` until an end begins; `ended` once the tables are released.
    package internal(set) var phase = Phase.active {
        didSet {
            needsPublishing = true
            noteServedChange()
        }
    }
    /// Whether the phase or the side state changed in this transition: the shell then
    /// publishes what the lock-free paths read (``ScopeCore/publish(_:)``).
    package internal(set) var needsPublishing = false
    /// Whether an awaited end ended the scope quietly: whoever awaits its end later gets a
    /// report that names it ended, as the first caller's did.
    var endedQuietlyByAwait = false
    /// Whether the body that held the scope has returned, and its end begun.
    var bodyReturned = false
    #if DEBUG
        /// Counts the changes to what the read cache serves, the entries and the phase.
        ///
        /// A transition that keeps the cache published asserts that it changed neither
        /// (``ScopeCore/transitionKeepingReads(_:)``); like the assertion, debug builds only.
        private(set) var servedChanges: UInt32 = 0
    #endif
    /// Counts instances, hooks and children as they are made: the order end follows.
    private var made = 0
    private(set) var hooks: [Hook] = []
    /// The body that holds this scope, a `withRequest`'s: while it runs, a parent's end
    /// cancels its task and waits for the body to end the scope.
    ///
    /// Kept until the release, after the body has returned (``bodyReturned``), for the
    /// container it holds (``heldOwner``), which hooks, routes and contributions receive with
    /// no weak reference (``SideState/owner``) made: a weak one sent every retain and release
    /// of the container down the runtime's slow path (the README's "request" lines). In the
    /// body's object, so that other scopes are no larger ("memory per live child").
    var body: BodyTask?
    /// Live children, in creation order; see ``ChildList``.
    private(set) var children = ChildList()
    /// Overrides, tracer, routes, contributions, tree settings and the end's record: made
    /// on first write, `nil` (all empty) in most containers; see ``SideSlot``.
    var sideSlot: SideSlot?

    package init() {}

    /// The body that holds the scope now: `nil` once it has returned.
    var holdingBody: BodyTask? { bodyReturned ? nil : body }

    /// The container a body held, kept until the release (``body``).
    var heldOwner: (any Container)? { body?.owner }

    /// Whether no end has begun: the scope takes children.
    package var isActive: Bool { phase == .active }

    /// Whether the scope still serves resolutions, routes, contributions and hooks: until
    /// its end stops its own work (step 4), so that a descendant still ending may read it.
    package var serves: Bool { phase.rawValue <= Phase.closing.rawValue }

    mutating func nextOrder() -> Int {
        made += 1
        return made
    }

    /// Counts a change to the entries or the phase, in debug builds.
    @inline(__always)
    private mutating func noteServedChange() {
        #if DEBUG
            servedChanges &+= 1
        #endif
    }

    /// Clears the publishing mark once the shell has published.
    mutating func published() { needsPublishing = false }
}

// MARK: - Transitions of the lifecycle

extension ScopeState {
    /// What a caller found when it tried to learn the container's type.
    enum NamingStep {
        case claimed, done
        case wait(PlanRun)
    }

    /// Records `owner` as the container's type, as preparing when `run` applies its plans.
    mutating func claimNaming(_ owner: any Container.Type, run: PlanRun?) -> NamingStep {
        switch naming {
        case .named:
            return .done
        case .preparing(let other):
            // A plan that uses its own container goes on; anyone else waits for it.
            return other.isRunningHere ? .done : .wait(other)
        case .unnamed:
            naming = run.map { .preparing($0) } ?? .named(owner)
            return .claimed
        }
    }

    /// Marks the container named once its plans have run.
    mutating func finishNaming(_ owner: any Container.Type) {
        naming = .named(owner)
    }

    /// What became of a child core the shell made for this scope.
    package enum Adoption {
        /// Listed as the newest child: the shell hands out its handle.
        case adopted
        /// Not listed, since this scope's end began: the shell drops the core, which did
        /// nothing yet, and traps.
        case parentEnded
    }

    /// Lists `child`, made by the shell before the lock, as the newest child, if this scope
    /// is active.
    package mutating func adopt(_ child: ScopeCore) -> Adoption {
        guard isActive else { return .parentEnded }
        children.append(child)
        return .adopted
    }

    /// Takes `child` out of the list of children.
    ///
    /// What became of a child taken out of the list.
    package enum Removal {
        /// The list's reference to it, if it was listed, for the shell to let go outside the
        /// lock.
        case removed(ScopeCore?)
        /// The same, and the signals to give outside the lock: a draining end's, when this
        /// was its last child, and those of the ends waiting for this child to leave.
        case removedWaking(ScopeCore?, [OneShot<Void>])
    }

    /// Takes `child` out of the list of children; nothing happens if it is not listed.
    ///
    /// An enum, not a tuple: the child lifecycle ("child: create, resolve, end, release")
    /// returns it on every end, and the common case is one word.
    package mutating func removeChild(_ child: ScopeCore) -> Removal {
        let removed = children.remove(child)
        guard let side else { return .removed(removed) }
        var wake: [OneShot<Void>] = []
        if let left = side.leaving.removeValue(forKey: ObjectIdentifier(child)) {
            wake.append(contentsOf: left)
        }
        if children.isEmpty, let drained = side.drained {
            side.drained = nil
            wake.append(drained)
        }
        return wake.isEmpty ? .removed(removed) : .removedWaking(removed, wake)
    }

    /// The live children, newest made first.
    package var liveChildren: [ScopeCore] { children.newestFirst() }

    /// The observers that present children (``ContainerStack``, ``ContainerTabs``), whose
    /// order the end of the children follows first.
    ///
    /// None is looked for when there is no child to order: a request with eight async hooks
    /// and no child looked through them all, for the README's "8 async end hooks through
    /// withRequest" line.
    var presenters: [any EndObserver] {
        guard !hooks.isEmpty, !children.isEmpty else { return [] }
        return hooks.compactMap(\.presenter)
    }

    /// How many hooks and child slots the state holds, dead ones and holes included: for
    /// tests, which check that neither list grows while its elements die.
    package var heldCounts: (hooks: Int, childSlots: Int) { (hooks.count, children.slotCount) }

    /// Adds a hook, if the scope still serves, taking it out of `offered`.
    ///
    /// Left in `offered`, since an end began, the hook is the shell's to run now, as the end
    /// would have.
    ///
    /// Taken out of the caller's optional, not copied from it: a copy of a hook's kind cost
    /// about 200 instructions, for each of the README's "8 async end hooks through
    /// withRequest".
    package mutating func addHook(_ offered: inout Hook.Kind?) {
        guard serves, let kind = offered.take() else { return }
        // Drops observers that are gone and subscriptions that were cancelled, so a
        // long-lived container does not grow.
        _ = hooks.makeRoom(minimumCount: 64) { hook in
            switch hook.kind {
            case .closure, .asyncClosure: false
            case .observer(let observer): observer.object == nil
            case .task(let task): task.object == nil
            case .subscription(let subscription): !subscription.isInEffect
            }
        }
        // Room for four from the first: for the README's "8 async end hooks" lines, whose
        // requests grew the array at each power of two.
        if hooks.capacity == 0 { hooks.reserveCapacity(4) }
        hooks.append(Hook(kind: consume kind, order: nextOrder()))
    }

    /// Takes the hooks out, leaving none.
    mutating func takeHooks() -> [Hook] {
        var taken: [Hook] = []
        swap(&taken, &hooks)
        return taken
    }

    /// What a scope held, taken out at the end, to release once the lock is let go.
    package struct Released {
        /// Moved out of, instance by instance, by an end at once.
        var entries: EntryTable
        let hooks: [Hook]
        let side: SideState?
        /// The container's type, for the report; `nil` for a container never used.
        let owner: Any.Type?
        /// The body that held the scope, with its container, let go with the rest, outside
        /// the lock.
        let body: BodyTask?
    }

    /// Marks the scope ended and takes everything it holds.
    ///
    /// The side state goes whole; what outlives the end is copied into a new one, or, when
    /// the end's record is all the scope kept apart, stays as it is.
    mutating func release() -> Released {
        phase = .ended
        let released = Released(
            entries: entries.removeAll(), hooks: hooks, side: side, owner: naming.owner,
            body: body)
        hooks = []
        body = nil
        if let side { sideSlot = side.keptAfterEnd().map(SideSlot.side) }
        return released
    }
}
