import Synchronization

/// The machinery behind every ``Scope``: the table of provided instances, the children,
/// the end hooks, and the lifecycle phase.
///
/// It is not generic, so one compiled copy serves every tier; ``Scope`` is the typed face
/// the compiler checks nesting with.
@usableFromInline
final class ScopeCore: Sendable {
    enum Phase: UInt8 {
        case active, ending, ended
    }

    /// A closure or an observer to run at the end, with its place in creation order.
    struct Hook {
        enum Kind {
            case closure(@Sendable () -> Void)
            /// An async hook: awaited by `endAndWait`, started and not awaited by `end()`.
            case asyncClosure(AsyncHook)
            case observer(WeakObserver)
            /// A subscription tied to the container: held until the end or its cancellation.
            case subscription(Subscription)
        }

        let kind: Kind
        let order: Int
    }

    struct State {
        /// The container's type, learnt on first use.
        var naming = Naming.unnamed
        var entries = EntryTable()
        /// Counts instances, hooks and children as they are made: the order end follows.
        var made = 0
        var hooks: [Hook] = []
        var compactHooksAt = 64
        /// Live children, threaded through the children themselves: adding and removing
        /// one is O(1) and allocates nothing.
        var children = ChildList()
        /// Overrides, tracer, routes, contributions, tree settings and the `endAndWait`
        /// task: made on first write, `nil` (all empty) in most containers.
        var side: SideState?

        mutating func nextOrder() -> Int {
            made += 1
            return made
        }
    }

    let tier: any Tier.Type
    let parent: ScopeCore?
    /// Where the scope was made, to name a container that was never used.
    let fileID: StaticString
    let line: UInt
    let phase = Atomic<UInt8>(Phase.active.rawValue)
    let overrideCount = Atomic<Int>(0)
    let isBound = Atomic<Bool>(false)
    /// Whether this root has made its ``TreeSettings``: until it has, a child need not take
    /// the root's lock to learn that there are no plans and no end-report handler.
    let hasTreeSettings = Atomic<Bool>(false)
    /// Whether this root has a trace handler: until it has, tracing a tree's events takes
    /// no lock.
    let isTracing = Atomic<Bool>(false)
    let state = Lock(State())
    /// This scope's slot in its parent's list of children, -1 when not listed; written
    /// under the parent's lock.
    let childSlot = Atomic<Int>(-1)

    init(tier: any Tier.Type, parent: ScopeCore?, fileID: StaticString, line: UInt) {
        self.tier = tier
        self.parent = parent
        self.fileID = fileID
        self.line = line
        // A root adopts the receiver of end reports of the task it is made in.
        if parent == nil, let receiver = ReportReceiver.current {
            setEndReportHandler(receiver.receive)
        }
    }

    deinit {
        // A container released without end() ends itself; its hooks still run.
        if beginEnding() { _ = finishEnding() }
        // Ending unlinked it already; this only guards the rule that a child leaves its
        // parent's list before its memory is freed.
        unlinkIfNeeded()
    }

    @usableFromInline
    var isActive: Bool { phase.load(ordering: .acquiring) == Phase.active.rawValue }

    // MARK: Naming

    /// Where a container stands in learning its type and applying its root's plans.
    enum Naming {
        case unnamed
        /// A thread is applying the plans for this container; others wait on `run`.
        case preparing(any Container.Type, PlanRun)
        case named(any Container.Type)

        var owner: (any Container.Type)? {
            switch self {
            case .unnamed: nil
            case .preparing(let owner, _), .named(let owner): owner
            }
        }
    }

    /// Records the container that owns this scope, and applies the root's plans for its
    /// type, the first time the container is used.
    ///
    /// The scope is made inside the container's `init`, before the container exists, so the
    /// container is learnt on first use. Every entry point of a container — making a
    /// provider, ending, hooks, routes, tasks, children — passes through here, so nothing is
    /// resolved from a container before its plans have run.
    @usableFromInline
    func bind(_ container: any Container) {
        if !isBound.load(ordering: .acquiring) { bindSlow(container) }
    }

    private func bindSlow(_ container: any Container) {
        let owner = type(of: container)
        let plans = parent == nil ? [] : root.plans(for: owner)
        let step: NamingStep
        if plans.isEmpty {
            step = claimNaming(owner, run: nil)
        } else {
            // The gate is held from before the claim until the plans have run, so whoever
            // finds the container being prepared waits for them.
            let run = PlanRun()
            step = run.gate.withLock { _ in
                let step = claimNaming(owner, run: run)
                if case .claimed = step {
                    for plan in plans { plan(container) }
                    state.withLock { $0.naming = .named(owner) }
                }
                return step
            }
        }
        switch step {
        case .claimed:
            isBound.store(true, ordering: .releasing)
            trace(.began(containerDescription))
        case .wait(let other):
            other.gate.wait()
        case .done:
            break
        }
    }

    private enum NamingStep {
        case claimed, done
        case wait(PlanRun)
    }

    private func claimNaming(_ owner: any Container.Type, run: PlanRun?) -> NamingStep {
        state.withLock { state in
            switch state.naming {
            case .named:
                return .done
            case .preparing(_, let other):
                // A plan that uses its own container goes on; anyone else waits for it.
                return other.isRunningHere ? .done : .wait(other)
            case .unnamed:
                state.naming = run.map { .preparing(owner, $0) } ?? .named(owner)
                return .claimed
            }
        }
    }

    var containerDescription: ContainerDescription {
        if let owner = state.withLock({ $0.naming.owner }) {
            return ContainerDescription(type: owner, tier: tier.name)
        }
        return ContainerDescription(
            typeName: "unnamed \(tier.name) container made at \(fileID):\(line)", tier: tier.name)
    }

    // MARK: Children

    /// Registers a new child scope; traps when this scope has ended.
    func makeChild(tier: any Tier.Type, fileID: StaticString, line: UInt) -> ScopeCore {
        let child: ScopeCore? = state.withLock { state in
            guard isActive else { return nil }
            let child = ScopeCore(tier: tier, parent: self, fileID: fileID, line: line)
            state.children.append(child)
            return child
        }
        guard let child else {
            let error = StrataError.childOfEnded(
                parent: containerDescription, childTier: tier.name, location: "\(fileID):\(line)")
            fatalError(error.description)
        }
        return child
    }

    /// Takes `child` out of this scope's list of children.
    func removeChild(_ child: ScopeCore) {
        state.withLock { $0.children.remove(child) }
    }

    /// Leaves the parent's list of children if still in it.
    ///
    /// Only this scope unlinks itself, so -1 read without the parent's lock is final.
    func unlinkIfNeeded() {
        guard let parent, childSlot.load(ordering: .acquiring) >= 0 else { return }
        parent.removeChild(self)
    }

    /// The live children, newest first: the order they end in.
    ///
    /// A child whose deinit has begun is left out; it is ending itself.
    var liveChildren: [ScopeCore] {
        state.withLock { $0.children.retainedNewestFirst() }
    }

    // MARK: Hooks and tracing

    /// Adds a closure to run when the scope ends; runs it at once if the scope has ended.
    func addHook(_ hook: @escaping @Sendable () -> Void) {
        if !addHook(.closure(hook)) { hook() }
    }

    /// Adds an object to tell when the scope ends, held weakly so that it can go away
    /// earlier (a dropped subscription, a finished task).
    ///
    /// Tells it at once if the scope has ended.
    func addObserver(_ observer: any EndObserver) {
        if !addHook(.observer(WeakObserver(observer))) { observer.scopeDidEnd() }
    }

    /// Holds a subscription until the scope ends, then cancels it; cancels it at once if the
    /// scope has ended.
    ///
    /// Held strongly, so that a subscription whose token was dropped runs on; a cancelled one
    /// is let go at the next compaction.
    func addSubscription(_ subscription: Subscription) {
        if !addHook(.subscription(subscription)) { subscription.cancel() }
    }

    func addHook(_ kind: Hook.Kind) -> Bool {
        state.withLock { state in
            guard isActive else { return false }
            state.hooks.append(Hook(kind: kind, order: state.nextOrder()))
            if state.hooks.count >= state.compactHooksAt {
                // Drop observers that are gone and subscriptions that were cancelled, so a
                // long-lived container does not grow.
                state.hooks.removeAll { hook in
                    switch hook.kind {
                    case .closure, .asyncClosure: false
                    case .observer(let observer): observer.object == nil
                    case .subscription(let subscription): !subscription.isActive
                    }
                }
                state.compactHooksAt = Swift.max(64, state.hooks.count * 2)
            }
            return true
        }
    }

    var root: ScopeCore {
        var core = self
        while let parent = core.parent { core = parent }
        return core
    }

    func setTracer(_ tracer: (@Sendable (TraceEvent) -> Void)?) {
        let replaced: (@Sendable (TraceEvent) -> Void)? = state.withLock { state in
            // Clearing a handler that was never set makes no side state.
            guard tracer != nil || state.side != nil else { return nil }
            let side = state.sideForWriting()
            defer {
                side.tracer = tracer
                isTracing.store(tracer != nil, ordering: .releasing)
            }
            return side.tracer
        }
        _ = replaced  // released outside the lock, like every replaced closure
    }

    func trace(_ event: @autoclosure () -> TraceEvent) {
        guard let tracer else { return }
        tracer(event())
    }

    /// The trace handler of the tree, if one is installed: fetch it once for a run of events.
    ///
    /// A tree without one answers from an atomic flag, without the root's lock.
    var tracer: (@Sendable (TraceEvent) -> Void)? {
        let root = self.root
        guard root.isTracing.load(ordering: .acquiring) else { return nil }
        return root.state.withLock { $0.side?.tracer }
    }
}
