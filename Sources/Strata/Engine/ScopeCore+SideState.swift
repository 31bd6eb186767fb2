// What a core keeps in its side state (``SideState``), made on first use: its root's tree
// settings (plans, the leak watcher), its routes, its contributions, and
// the tree's trace handler.

extension ScopeCore {
    /// Runs `body` on this root's tree settings, making them if `body` needs them to exist.
    private func withTreeSettings<Result>(
        creating: Bool, _ body: (TreeSettings?) -> Result
    ) -> Result {
        if !creating, !hasTreeSettings.load(ordering: .acquiring) { return body(nil) }
        return transition { state in
            if creating, state.side?.treeSettings == nil {
                state.sideForWriting().treeSettings = TreeSettings()
            }
            return body(state.side?.treeSettings)
        }
    }

    /// The plans this root keeps for containers of type `owner`, oldest first.
    func plans(for owner: any Container.Type) -> [ContainerPlan.Apply] {
        withTreeSettings(creating: false) { settings in
            settings?.plans[ObjectIdentifier(owner)]?.map(\.apply) ?? []
        }
    }

    func addPlan(_ entry: ContainerPlan, for owner: ObjectIdentifier) {
        withTreeSettings(creating: true) { $0?.plans[owner, default: []].append(entry) }
    }

    func removePlan(_ entry: ContainerPlan, for owner: ObjectIdentifier) {
        let removed: ContainerPlan? = withTreeSettings(creating: false) { settings in
            guard let settings,
                let index = settings.plans[owner]?.firstIndex(where: { $0 === entry })
            else { return nil }
            defer { if settings.plans[owner]?.isEmpty == true { settings.plans[owner] = nil } }
            return settings.plans[owner]?.remove(at: index)
        }
        _ = removed  // released outside the lock: the plan's captures may call back into Strata
    }

    /// This root's leak watcher, made on first use.
    var leakWatcher: LeakWatcher {
        withTreeSettings(creating: true) { settings in
            // `creating` makes the settings: they are there.
            guard let settings else { return LeakWatcher(grace: WatchedInstance.defaultGrace) }
            if let watcher = settings.watcher { return watcher }
            let watcher = LeakWatcher(grace: WatchedInstance.defaultGrace)
            settings.watcher = watcher
            return watcher
        }
    }

    /// Shortens the grace period this root's judgements wait to `grace`: for tests, which
    /// need not wait two seconds for a verdict.
    package func shortenLeakGrace(to grace: Duration) {
        leakWatcher.shortenGrace(to: grace)
    }
}

/// The container a scope's closures receive, kept weakly (``SideState/owner``).
extension ScopeCore {
    /// Keeps a weak reference to the container, for the closures it hands to this scope.
    ///
    /// Made by the first route handler, contribution or end hook, so that a container that
    /// keeps none costs nothing.
    func remember(_ owner: any Container) {
        guard read({ $0.side?.owner == nil }) else { return }
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
    /// Loaded out of the lock: a strong reference loaded under it could be the last one, and
    /// the container's deinit would run there.
    var owner: (any Container)? {
        read { $0.side?.owner }?()
    }
}

extension ScopeCore {
    func setRouteHandler(
        _ entry: RouteEntry, for route: ObjectIdentifier, of owner: any Container
    ) {
        remember(owner)
        let replaced = transition { state in
            state.serves ? state.sideForWriting().routes.updateValue(entry, forKey: route) : nil
        }
        // Released outside the lock: what the old handler captured may call back in.
        _ = replaced
    }

    /// The handler of `route` in this container and what it receives, held for its call: the
    /// container, or the object `handle(_:by:_:)` registered it for; `nil` once the container
    /// has ended, when it is gone, or when that object is gone.
    func routeHandler(for route: ObjectIdentifier) -> (RouteHandler, AnyObject)? {
        let found = read { state in
            state.serves
                ? state.side.flatMap { side in side.routes[route].map { ($0, side.owner) } } : nil
        }
        guard let (entry, reference) = found, let owner = reference?() else { return nil }
        guard let answering = entry.answering else { return (entry.handler, owner) }
        return answering.object.map { (entry.handler, $0) }
    }
}

extension ScopeCore {
    /// Adds `entry` under `key`; `false` when the container has ended.
    func addContribution(
        _ entry: ContributionEntry, for key: ObjectIdentifier, of owner: any Container
    ) -> Bool {
        remember(owner)
        return transition { state in
            guard state.serves else { return false }
            let side = state.sideForWriting()
            if side.contributions == nil { side.contributions = ContributionTable() }
            side.contributions?.entries[key, default: []].append(entry)
            return true
        }
    }

    func withdrawContribution(_ entry: ContributionEntry, for key: ObjectIdentifier) {
        entry.withdraw()
        let removed: ContributionEntry? = transition { state in
            guard let table = state.side?.contributions,
                let index = table.entries[key]?.firstIndex(where: { $0 === entry })
            else { return nil }
            defer { if table.entries[key]?.isEmpty == true { table.entries[key] = nil } }
            return table.entries[key]?.remove(at: index)
        }
        _ = removed  // released outside the lock: the factory's captures may call back in
    }

    /// The live contributions under `key` in this container, oldest first, and the container
    /// their factories receive; none once the container has ended, or when it is gone.
    func contributions(for key: ObjectIdentifier) -> (
        entries: [ContributionEntry], owner: any Container
    )? {
        let found = read { state -> ([ContributionEntry], OwnerReference?)? in
            guard state.serves, let side = state.side,
                let entries = side.contributions?.entries[key]
            else { return nil }
            return (entries, side.owner)
        }
        guard let (entries, reference) = found, let owner = reference?() else { return nil }
        return (entries, owner)
    }

    /// This container and its ancestors, the root first.
    var lineageFromRoot: [ScopeCore] {
        var lineage: [ScopeCore] = []
        var core: ScopeCore? = self
        while let current = core {
            lineage.append(current)
            core = current.parent
        }
        return lineage.reversed()
    }

    /// Makes the element of `entry`, or `nil` when the contribution is gone — its container
    /// ended or it was withdrawn, before or while the factory ran.
    ///
    /// A factory that fails because its container ended meanwhile (typically
    /// ``StrataError/ended(provider:)`` from resolving one of the container's providers) is
    /// left out like any other contribution of an ended container; any other error is
    /// thrown, wrapped as ``StrataError/factoryFailed(provider:underlying:)`` unless it is a
    /// ``StrataError``.
    func makeContribution(
        _ entry: ContributionEntry, keyName: @autoclosure () -> String,
        run: (ContributionEntry.Make) throws -> Any
    ) throws(StrataError) -> Any? {
        guard serves, entry.isLive else { return nil }
        let made = Result { try run(entry.make) }
        return try contribution(made, of: entry, keyName: keyName())
    }

    /// ``makeContribution(_:keyName:run:)`` for a factory that is awaited.
    func makeContribution(
        _ entry: ContributionEntry, keyName: @autoclosure () -> String,
        run: (ContributionEntry.Make) async throws -> Any
    ) async throws(StrataError) -> Any? {
        guard serves, entry.isLive else { return nil }
        let made: Result<Any, any Error>
        do {
            made = .success(try await run(entry.make))
        } catch {
            made = .failure(error)
        }
        return try contribution(made, of: entry, keyName: keyName())
    }

    /// What a factory made, once it has run: `nil` when the contribution went meanwhile.
    private func contribution(
        _ made: Result<Any, any Error>, of entry: ContributionEntry,
        keyName: @autoclosure () -> String
    ) throws(StrataError) -> Any? {
        // Checked again after the factory: the container may have ended while it ran.
        guard serves, entry.isLive else { return nil }
        switch made {
        case .success(let element):
            return element
        case .failure(let error as StrataError):
            throw error
        case .failure(let error):
            throw .factoryFailed(
                provider: ProviderDescription(
                    container: containerDescription, name: "contribution to \(keyName())"),
                underlying: error)
        }
    }
}

/// The tree's trace handler: installed on the root, read by every core below it.
extension ScopeCore {
    /// Adds `receive` to the tree's trace receivers.
    ///
    /// - Returns: Its number, for ``removeTracer(_:)``.
    func addTracer(_ receive: @escaping @Sendable (TraceEvent) -> Void) -> UInt64 {
        changeTracers { side in
            side.lastTraceReceiver += 1
            side.traceReceivers.append((side.lastTraceReceiver, receive))
            return side.lastTraceReceiver
        }
    }

    /// Removes the trace receiver numbered `number`, if it is still there.
    func removeTracer(_ number: UInt64) {
        changeTracers { side in side.traceReceivers.removeAll { $0.number == number } }
    }

    /// Applies `change` to the receivers, and makes the handler every core reads call them.
    private func changeTracers<Result>(_ change: (SideState) -> Result) -> Result {
        let (result, replaced) = transition { state in
            let side = state.sideForWriting()
            let result = change(side)
            let receivers = side.traceReceivers.map(\.receive)
            let replaced = side.tracer
            switch receivers.count {
            case 0: side.tracer = nil
            case 1: side.tracer = receivers[0]
            default: side.tracer = { event in for receive in receivers { receive(event) } }
            }
            return (result, replaced)
        }
        _ = replaced  // released outside the lock, like every replaced closure
        return result
    }

    func trace(_ event: @autoclosure () -> TraceEvent) {
        guard let tracer else { return }
        tracer(event())
    }

    /// The trace handler of the tree, if one is installed: fetch it once for a run of events.
    ///
    /// A tree without one answers from an atomic flag, without the root's lock; inlined,
    /// since every resolution that builds and every end asks.
    @inline(__always)
    var tracer: (@Sendable (TraceEvent) -> Void)? {
        let root = self.root
        guard root.isTracing.load(ordering: .acquiring) else { return nil }
        return root.installedTracer
    }

    /// This root's trace handler, read under the lock.
    private var installedTracer: (@Sendable (TraceEvent) -> Void)? { read { $0.side?.tracer } }
}
