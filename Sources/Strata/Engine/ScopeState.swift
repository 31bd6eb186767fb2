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
/// need before the lock and passes it in (``adopt(_:)``, ``claim(_:with:)``,
/// ``beginTeardown(_:)``), or is told to make it and hands it to a second transition
/// (``beginEnd(atOnceAllowed:)``, then ``beginWalk(with:)``).
///
/// Each transition is a plain method on a value, so the package's tests drive it directly,
/// with no threads and no lock (`ScopeStateTests`); that is why it is `package`.
///
/// Rarely used state — overrides, the trace handler, routes, contributions, a root's tree
/// settings, the `endAndWait` task — lives in ``SideState``, made on first write.
package struct ScopeState {
    package enum Phase: UInt8 {
        case active, ending, ended
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
    package private(set) var phase = Phase.active {
        didSet {
            needsPublishing = true
            noteServedChange()
        }
    }
    /// Whether the phase or the side state changed in this transition: the shell then
    /// publishes what the lock-free paths read (``ScopeCore/publish(_:)``).
    package private(set) var needsPublishing = false
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
    /// Live children, in creation order; see ``ChildList``.
    private var children = ChildList()
    /// Overrides, tracer, routes, contributions, tree settings and the `endAndWait`
    /// task: made on first write, `nil` (all empty) in most containers.
    private(set) var side: SideState?

    package init() {}

    package var isActive: Bool { phase == .active }

    mutating func nextOrder() -> Int {
        made += 1
        return made
    }

    /// The side state, made now if the scope has none yet.
    ///
    /// Call it only to write: a read takes `side?` and treats `nil` as empty.
    mutating func sideForWriting() -> SideState {
        needsPublishing = true
        if let side { return side }
        let side = SideState()
        self.side = side
        return side
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
    /// - Returns: The list's reference to it, for the shell to let go outside the lock.
    package mutating func removeChild(_ child: ScopeCore) -> ScopeCore? {
        children.remove(child)
    }

    /// The live children, newest first: the order they end in.
    package var liveChildren: [ScopeCore] { children.newestFirst() }

    /// How many hooks and child slots the state holds, dead ones and holes included: for
    /// tests, which check that neither list grows while its elements die.
    package var heldCounts: (hooks: Int, childSlots: Int) { (hooks.count, children.slotCount) }

    /// What the shell does with a hook it offered.
    package enum HookPlacement {
        /// Held: it runs at the end.
        case held
        /// Not held, since an end began: the shell runs it now, as the end would have.
        case runNow
    }

    /// Adds a hook, if the scope is active.
    package mutating func addHook(_ kind: Hook.Kind) -> HookPlacement {
        guard isActive else { return .runNow }
        // Drops observers that are gone and subscriptions that were cancelled, so a
        // long-lived container does not grow.
        _ = hooks.makeRoom(minimumCount: 64) { hook in
            switch hook.kind {
            case .closure, .asyncClosure: false
            case .observer(let observer): observer.object == nil
            case .task(let task): task.object == nil
            case .subscription(let subscription): !subscription.isActive
            }
        }
        hooks.append(Hook(kind: kind, order: nextOrder()))
        return .held
    }

    /// How an `end()` begins.
    package enum EndStart {
        /// Nothing had to run at the end: the scope is ended, and this is what it held.
        case atOnce(Released)
        /// The scope must walk its steps, and nothing changed yet: the shell makes an
        /// ``Ending`` outside the lock and begins the walk with it (``beginWalk(with:)``).
        case prepareEnding
        /// An end began already: the one in progress, or done, if any was recorded.
        case begun(EndInProgress?)
    }

    /// Begins an `end()`: ends the scope at once when `atOnceAllowed` and nothing in it has
    /// to run (``endAtOnce()``); otherwise, if it is active, asks for an ending to walk with.
    package mutating func beginEnd(atOnceAllowed: Bool) -> EndStart {
        guard isActive else { return .begun(side?.ending) }
        if atOnceAllowed, let released = endAtOnce() { return .atOnce(released) }
        return .prepareEnding
    }

    /// How a walked `end()` begins, with the ending the shell made.
    package enum WalkStart {
        /// The scope is ending, with the ending recorded for whoever must wait for it: the
        /// caller walks its steps, holding the ending's token.
        case walk
        /// An end began since ``beginEnd(atOnceAllowed:)`` answered: the one in progress,
        /// or done, if any was recorded. The shell's ending is dropped, never seen.
        case begun(EndInProgress?)
    }

    /// Moves from active to ending, recording `ending` in the same transition: whoever finds
    /// the scope ending finds the ending to wait for too.
    package mutating func beginWalk(with ending: Ending) -> WalkStart {
        guard isActive else { return .begun(side?.ending) }
        phase = .ending
        sideForWriting().ending = .ending(ending)
        return .walk
    }

    /// How an `endAndWait` begins.
    package enum TeardownStart {
        /// The shell's teardown is recorded: the caller starts its task, then awaits it.
        case start
        /// An end began already: the one in progress, or done, if any was recorded. The
        /// shell's teardown is dropped, never seen.
        case begun(EndInProgress?)
    }

    /// Moves from active to ending with `teardown`, made by the shell before the lock,
    /// recorded for later callers to await.
    package mutating func beginTeardown(_ teardown: Teardown) -> TeardownStart {
        guard isActive else { return .begun(side?.ending) }
        phase = .ending
        sideForWriting().ending = .teardown(teardown)
        return .start
    }

    /// Ends the scope in this one transition when nothing in it has to run at the end: no
    /// hooks, no listed children, no construction in flight, no `weakShared` instance, and
    /// no instance that is ``ScopeBound`` or ``AsyncScopeBound``.
    ///
    /// - Returns: What the scope held, as ``release()`` returns it; `nil`, with nothing
    ///   changed, when the scope is not active or something must run: then the end walks
    ///   its steps.
    mutating func endAtOnce() -> Released? {
        guard isActive, hooks.isEmpty, children.isEmpty else { return nil }
        // The table holds each instance strongly, so reading one here frees nothing.
        let quiet = entries.allStrong { $0.endRoles.isEmpty }
        return quiet ? release() : nil
    }

    /// What a scope held, taken out at the end, to release once the lock is let go.
    package struct Released {
        /// Moved out of, instance by instance, by an end at once.
        var entries: EntryTable
        let hooks: [Hook]
        let side: SideState?
        /// The container's type, for the report; `nil` for a container never used.
        let owner: Any.Type?
    }

    /// Marks the scope ended and takes everything it holds.
    ///
    /// The side state goes whole; what outlives the end is copied into a new one.
    mutating func release() -> Released {
        phase = .ended
        let released = Released(
            entries: entries.removeAll(), hooks: hooks, side: side, owner: naming.owner)
        hooks = []
        side = side?.keptAfterEnd()
        return released
    }
}
