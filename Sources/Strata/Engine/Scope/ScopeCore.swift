import Synchronization

/// The machinery behind every ``Scope``: the shell around its state machine,
/// ``ScopeState``.
///
/// It holds the state under one lock, applies its transitions, and performs what they
/// return outside the lock. Four atomics beside the lock repeat what the lock-free paths read
/// — the phase, whether there are overrides, whether the tree is traced and whether a root
/// has tree settings — and are written only by ``publish(_:)``, under the lock; three more
/// are one-way hints (``isBound``, ``hasStored``, ``isCheckedInTests``). Its ``ReadCache``
/// lets a cached resolution read the stored instances without the lock; every transition
/// that may change them takes it down first.
///
/// It is not generic, so one compiled copy serves every tier; ``Scope`` is the typed face
/// the compiler checks nesting with. Whoever keeps the scope open holds it through its
/// ``ScopeHandle``, whose release ends it; a core alone keeps nothing open.
@usableFromInline
package final class ScopeCore: Sendable {
    /// A type conforming to ``Tier``, kept as a plain metatype (see ``ContainerName``).
    let tier: Any.Type
    /// The parent's handle: a live child keeps its parent open.
    let parentHandle: ScopeHandle?
    /// Where the scope was made, to name a container that was never used.
    let fileID: StaticString
    /// The state's phase, for ``isActive``.
    let phase = Atomic<UInt8>(ScopeState.Phase.active.rawValue)
    let isBound = Atomic<Bool>(false)
    /// Whether this root has made its ``TreeSettings``: until it has, a child need not take
    /// the root's lock to learn that there are no plans and no end-report handler.
    let hasTreeSettings = Atomic<Bool>(false)
    /// Whether this root has a trace handler: until it has, tracing a tree's events takes
    /// no lock.
    let isTracing = Atomic<Bool>(false)
    /// Whether an instance was ever stored: until one is, a resolution that misses the read
    /// cache goes straight to its claim, which looks under the lock anyway.
    let hasStored = Atomic<Bool>(false)
    /// Whether overrides are installed: a `unique` resolution takes the lock only when
    /// there are some.
    let hasOverrides = Atomic<Bool>(false)
    /// Whether this root's tree is checked in a test (``checkTree(in:)``): until it
    /// is, making or first using a container of the tree reads no test's bookkeeping.
    let isCheckedInTests = Atomic<Bool>(false)
    /// The line the scope was made on.
    private let lineNumber: UInt32
    /// This scope's slot in its parent's list of children, -1 when not listed; read and
    /// written under the parent's lock.
    let childSlot = Atomic<Int32>(-1)
    private let state = Lock(ScopeState())
    /// The stored instances, readable without the lock; see ``ReadCache``.
    private let readCache = ReadCache()

    package init(
        tier: any Tier.Type, parent: ScopeHandle?, fileID: StaticString,
        filePath: StaticString = #filePath, line: UInt
    ) {
        self.tier = tier
        self.parentHandle = parent
        self.fileID = fileID
        self.lineNumber = UInt32(clamping: line)
        chargeToMaker(filePath: filePath)
    }

    var parent: ScopeCore? { parentHandle?.core }

    var line: UInt { UInt(lineNumber) }

    /// Whether no end has begun: ``Container/isActive``.
    @usableFromInline
    var isActive: Bool { phase.load(ordering: .acquiring) == ScopeState.Phase.active.rawValue }

    /// Whether the scope still serves resolutions: until its end stops its own work.
    var serves: Bool {
        phase.load(ordering: .acquiring) <= ScopeState.Phase.closing.rawValue
    }

    /// Ends the scope now; see ``EndSequence/endNow(at:)``.
    ///
    /// - Parameter site: Where the end was called; `nil` for a container released without
    ///   an end.
    /// - Returns: What was ended so far.
    @usableFromInline
    func end(at site: SourceSite?) -> EndReport { EndSequence(self).endNow(at: site) }

    /// Ends the scope and awaits each step, up to `timeout` from now: `endAndWait`, on the
    /// caller's `isolation`.
    @usableFromInline
    func endAndWait(
        within timeout: Duration, at site: SourceSite, draining: Bool,
        isolation: isolated (any Actor)? = nil
    ) async -> EndReport {
        await EndSequence(self).endAwaited(
            until: ContinuousClock.now.advanced(by: timeout), at: site, draining: draining,
            isolation: isolation)
    }

    // MARK: The shell

    /// Reads the state under the lock.
    func read<Result>(_ body: (borrowing ScopeState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    /// The stored instance for `key`, if there is one and the scope is active: the fast path of
    /// every cached resolution.
    ///
    /// The read cache answers without the lock. Otherwise, once the scope has stored an
    /// instance, the state answers under the lock, and, when it finds one, publishes its
    /// entries to the read cache. `nil` sends the caller to ``construct(_:retention:make:)``,
    /// whose claim finds an instance stored meanwhile, or reports an ended scope.
    ///
    /// It takes the lock itself rather than through ``read(_:)``: there the compiler calls the
    /// locked section out of line, with a copy of the state. Serves the cached-read lines of
    /// Benchmarks/README.md, for a scope whose read cache is not yet published.
    @usableFromInline
    func cachedInstance(_ key: ProviderKey) -> Instance? {
        if let instance = readCache.instance(for: key) { return instance }
        // A stale `false` only sends the caller to its claim, which finds what is stored.
        guard hasStored.load(ordering: .acquiring) else { return nil }
        return state.withLock { state in
            guard let instance = state.cachedInstance(key) else { return nil }
            // Found, so the scope is active.
            if readCache.isEmpty { readCache.publish(state.entries) }
            return instance
        }
    }

    /// How many hooks and child slots the scope holds; see ``ScopeState/heldCounts``.
    package var heldCounts: (hooks: Int, childSlots: Int) { read { $0.heldCounts } }

    /// Whether the stored instances are published for reads without the lock: for tests,
    /// which must know that a read they make takes the lock-free path.
    package var publishesReads: Bool { !readCache.isEmpty }

    /// Applies one transition under the lock, and publishes what it changed that the
    /// lock-free paths read.
    ///
    /// The read cache is emptied first, whatever the transition changes: so when a
    /// transition returns, no read can return an instance it replaced or released, or one of
    /// a scope it ended. What the transition returns is performed by the caller, after the
    /// lock is let go.
    @inline(__always)
    func transition<Result>(_ body: (inout ScopeState) -> Result) -> Result {
        state.withLock { state in
            readCache.empty()
            let result = body(&state)
            if state.needsPublishing { publish(&state) }
            return result
        }
    }

    /// Applies a transition that changes neither the instances nor the phase — adopting or
    /// removing a child, adding a hook — and so leaves the read cache published: a parent
    /// whose children come and go keeps serving cached reads without the lock.
    ///
    /// Debug builds check that the transition kept to that.
    @inline(__always)
    func transitionKeepingReads<Result>(_ body: (inout ScopeState) -> Result) -> Result {
        state.withLock { state in
            #if DEBUG
                let served = state.servedChanges
                defer {
                    assert(
                        state.servedChanges == served && !state.needsPublishing,
                        "a transition that keeps the read cache changed what it serves")
                }
            #endif
            return body(&state)
        }
    }

    /// Copies the phase and the side state's flags to the atomics the fast paths read.
    private func publish(_ state: inout ScopeState) {
        phase.store(state.phase.rawValue, ordering: .releasing)
        hasOverrides.store(state.side?.overrides.isEmpty == false, ordering: .releasing)
        isTracing.store(state.side?.tracer != nil, ordering: .releasing)
        hasTreeSettings.store(state.side?.treeSettings != nil, ordering: .releasing)
        state.published()
    }
}

/// A core's place in its tree: its listed children and its root.
extension ScopeCore {
    /// Takes `child` out of this scope's list of children.
    func removeChild(_ child: ScopeCore) {
        // The list's reference comes back out of the lock, and is let go here.
        switch transitionKeepingReads({ $0.removeChild(child) }) {
        case .removed: break
        case .removedWaking(_, let wake): for signal in wake { signal.give(()) }
        }
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

/// How a core learns the container that owns it, and applies its root's plans first.
extension ScopeCore {
    /// Records the container that owns this scope, and applies the root's plans for its
    /// type, the first time the container is used.
    ///
    /// The scope is made inside the container's `init`, before the container exists, so the
    /// container is learnt on first use. Every entry point of a container — making a
    /// provider, ending, hooks, routes, tasks, children — reaches its core through
    /// `Container.boundCore`, which calls this, so nothing is resolved from a container before
    /// its plans have run.
    @usableFromInline
    func bind(_ container: any Container) {
        if !isBound.load(ordering: .acquiring) { bindSlow(container) }
    }

    private func bindSlow(_ container: any Container) {
        let owner = type(of: container)
        let plans = parent == nil ? [] : root.plans(for: owner)
        let step: ScopeState.NamingStep
        if plans.isEmpty {
            step = transition { $0.claimNaming(owner, run: nil) }
        } else {
            // The token is held from before the claim until the plans have run, so whoever
            // finds the container being prepared waits for them.
            let run = PlanRun(preparing: owner)
            step = run.hold {
                let step = transition { $0.claimNaming(owner, run: run) }
                if case .claimed = step {
                    for plan in plans { plan(container) }
                    transition { $0.finishNaming(owner) }
                }
                return step
            }
        }
        switch step {
        case .claimed:
            isBound.store(true, ordering: .releasing)
            chargeToTest()
            trace(.began(containerDescription))
        case .wait(let other):
            // A wait that would never end — the plans wait, through other threads, for this
            // one — goes on without them, and a construction in the cycle throws it.
            other.wait()
        case .done:
            break
        }
    }

    /// The container, named for a report without formatting anything yet.
    var containerName: ContainerName { containerName(owner: read { $0.naming.owner }) }

    /// The container of type `owner` (`nil` when never used), named for a report.
    func containerName(owner: Any.Type?) -> ContainerName {
        ContainerName(owner: owner, tier: tier, fileID: fileID, line: line)
    }

    var containerDescription: ContainerDescription { containerName.description }
}
