// What a core keeps in its side state (``SideState``), made on first use: its root's tree
// settings (plans, the end-report handler, the ledger), its routes, its contributions, and
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

    func addPlan(_ entry: ContainerPlan.Entry, for owner: ObjectIdentifier) {
        withTreeSettings(creating: true) { $0?.plans[owner, default: []].append(entry) }
    }

    func removePlan(_ entry: ContainerPlan.Entry, for owner: ObjectIdentifier) {
        let removed: ContainerPlan.Entry? = withTreeSettings(creating: false) { settings in
            guard let settings,
                let index = settings.plans[owner]?.firstIndex(where: { $0 === entry })
            else { return nil }
            defer { if settings.plans[owner]?.isEmpty == true { settings.plans[owner] = nil } }
            return settings.plans[owner]?.remove(at: index)
        }
        _ = removed  // released outside the lock: the plan's captures may call back into Strata
    }

    /// Where this root sends end reports, if anywhere.
    var endReportHandler: (@Sendable (EndReport) -> Void)? {
        withTreeSettings(creating: false) { $0?.endReportHandler }
    }

    /// Where this root sends end reports and lists its open containers, read at once.
    var reportTargets: (handler: (@Sendable (EndReport) -> Void)?, ledger: ContainerLedger?) {
        withTreeSettings(creating: false) { ($0?.endReportHandler, $0?.ledger) }
    }

    /// Where this root lists the containers of its tree that began and have not ended, if
    /// anywhere.
    var ledger: ContainerLedger? {
        withTreeSettings(creating: false) { $0?.ledger }
    }

    /// Lists the containers of this root's tree that begin from now on in `ledger`, this one
    /// included if it has begun.
    package func setLedger(_ ledger: ContainerLedger?) {
        withTreeSettings(creating: ledger != nil) { $0?.ledger = ledger }
        if let ledger, isBound.load(ordering: .acquiring), isActive { ledger.began(self) }
    }

    func setEndReportHandler(_ handler: (@Sendable (EndReport) -> Void)?) {
        let replaced = withTreeSettings(creating: handler != nil) { settings in
            defer { settings?.endReportHandler = handler }
            return settings?.endReportHandler
        }
        _ = replaced  // released outside the lock, like every replaced closure
    }
}

extension ScopeCore {
    func setRouteHandler(_ handler: RouteHandler, for route: ObjectIdentifier) {
        let replaced = transition { state in
            state.serves ? state.sideForWriting().routes.updateValue(handler, forKey: route) : nil
        }
        // Released outside the lock: what the old handler captured may call back in.
        _ = replaced
    }

    /// The handler of `route` in this container; `nil` once the container has ended.
    func routeHandler(for route: ObjectIdentifier) -> RouteHandler? {
        read { state in state.serves ? state.side?.routes[route] : nil }
    }
}

extension ScopeCore {
    /// Adds `entry` under `key`; `false` when the container has ended.
    func addContribution(_ entry: ContributionEntry, for key: ObjectIdentifier) -> Bool {
        transition { state in
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

    /// The live contributions under `key` in this container, oldest first; none once the
    /// container has ended.
    func contributions(for key: ObjectIdentifier) -> [ContributionEntry] {
        read { state in
            state.serves ? state.side?.contributions?.entries[key] ?? [] : []
        }
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
        let made: Result<Any, any Error>
        do {
            made = .success(try run(entry.make))
        } catch {
            made = .failure(error)
        }
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
    func setTracer(_ tracer: (@Sendable (TraceEvent) -> Void)?) {
        let replaced: (@Sendable (TraceEvent) -> Void)? = transition { state in
            // Clearing a handler that was never set makes no side state.
            guard tracer != nil || state.side != nil else { return nil }
            let side = state.sideForWriting()
            defer { side.tracer = tracer }
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
