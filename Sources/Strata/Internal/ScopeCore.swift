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

    enum Entry {
        case instance(Instance)
        case weak(WeakInstance)
        case building(InFlight)
        case buildingAsync(AsyncInFlight)
    }

    enum Hook {
        case instance(MadeRecord)
        case closure(@Sendable () -> Void)
        case observer(WeakObserver)
    }

    struct State {
        var typeName: String?
        var entries: [ProviderKey: Entry] = [:]
        var overrides: [ProviderKey: Override] = [:]
        var hooks: [Hook] = []
        var compactHooksAt = 64
        /// Live children by identity, each with its creation order: removal on a child's
        /// end is O(1), and the end of a parent sorts once.
        var children: [ObjectIdentifier: Child] = [:]
        var childrenMade = 0
        var tracer: (@Sendable (TraceEvent) -> Void)?
        var routes: [ObjectIdentifier: RouteHandler] = [:]
    }

    struct Child {
        let order: Int
        weak var core: ScopeCore?
    }

    let tierName: String
    let parent: ScopeCore?
    /// Where the scope was created (`Module/File.swift:line`), for a container that has not
    /// been used yet and so has no type name.
    let location: String
    let phase = Atomic<UInt8>(Phase.active.rawValue)
    let overrideCount = Atomic<Int>(0)
    let isBound = Atomic<Bool>(false)
    let state = Lock(State())

    init(tierName: String, parent: ScopeCore?, location: String) {
        self.tierName = tierName
        self.parent = parent
        self.location = location
    }

    deinit {
        // A container released without end() ends itself; its hooks still run.
        if beginEnding() { _ = finishEnding(identity: ObjectIdentifier(self)) }
    }

    @usableFromInline
    var isActive: Bool { phase.load(ordering: .acquiring) == Phase.active.rawValue }

    // MARK: Naming

    /// Records the container type that owns this scope.
    ///
    /// The scope is made inside the container's `init`, before the container exists, so the name is
    /// learnt on first use.
    @usableFromInline
    func bind(_ owner: any Container.Type) {
        if !isBound.load(ordering: .acquiring) { bindSlow(owner) }
    }

    private func bindSlow(_ owner: any Container.Type) {
        let name = String(describing: owner)
        let isNew = state.withLock { state in
            guard state.typeName == nil else { return false }
            state.typeName = name
            return true
        }
        isBound.store(true, ordering: .releasing)
        if isNew { trace(.began(containerDescription)) }
    }

    var typeName: String {
        state.withLock { $0.typeName } ?? "unnamed \(tierName) container made at \(location)"
    }

    var containerDescription: ContainerDescription {
        ContainerDescription(typeName: typeName, tier: tierName)
    }

    // MARK: Children

    /// Registers a new child scope; traps when this scope has ended.
    func makeChild(tierName: String, location: String) -> ScopeCore {
        let child: ScopeCore? = state.withLock { state in
            guard isActive else { return nil }
            let child = ScopeCore(tierName: tierName, parent: self, location: location)
            state.childrenMade += 1
            state.children[ObjectIdentifier(child)] = Child(order: state.childrenMade, core: child)
            return child
        }
        guard let child else {
            let error = StrataError.childOfEnded(
                parent: containerDescription, childTier: tierName, location: location)
            fatalError(error.description)
        }
        return child
    }

    func removeChild(_ identity: ObjectIdentifier) {
        _ = state.withLock { $0.children.removeValue(forKey: identity) }
    }

    /// The live children, oldest first.
    var liveChildren: [ScopeCore] {
        state.withLock { $0.children.values.sorted { $0.order < $1.order }.compactMap(\.core) }
    }

    // MARK: Hooks and tracing

    /// Adds a closure to run when the scope ends; runs it at once if the scope has ended.
    func addHook(_ hook: @escaping @Sendable () -> Void) {
        let added = state.withLock { state in
            guard isActive else { return false }
            state.hooks.append(.closure(hook))
            return true
        }
        if !added { hook() }
    }

    /// Adds an object to tell when the scope ends, held weakly so that it can go away
    /// earlier (a dropped subscription, a finished task); tells it at once if the scope has
    /// ended.
    func addObserver(_ observer: any EndObserver) {
        let added = state.withLock { state in
            guard isActive else { return false }
            state.hooks.append(.observer(WeakObserver(observer)))
            state.compactIfNeeded()
            return true
        }
        if !added { observer.containerDidEnd() }
    }

    var root: ScopeCore {
        var core = self
        while let parent = core.parent { core = parent }
        return core
    }

    func setTracer(_ tracer: (@Sendable (TraceEvent) -> Void)?) {
        state.withLock { $0.tracer = tracer }
    }

    func trace(_ event: @autoclosure () -> TraceEvent) {
        guard let tracer = root.state.withLock({ $0.tracer }) else { return }
        tracer(event())
    }
}

/// A replacement factory installed by `override`.
@usableFromInline
enum Override: Sendable {
    case sync(@Sendable () throws -> Any)
    case async(@Sendable () async throws -> Any)
}
