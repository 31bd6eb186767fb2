/// What a root container keeps for its whole tree: the plans for containers not made yet,
/// and where end reports go.
///
/// Most trees have neither, so a root makes it on first use, and only a root has one. It is
/// read and written only with the root's state locked.
final class TreeSettings {
    /// The plans by the type of container they prepare, oldest first.
    var plans: [ObjectIdentifier: [ContainerPlan.Entry]] = [:]
    /// Receives the report of each container of the tree as it ends.
    var endReportHandler: (@Sendable (EndReport) -> Void)?
    /// Lists the containers of the tree that began and have not ended, for a leak check.
    var ledger: ContainerLedger?
}

/// One thread applying a root's plans to a container; whoever else uses the container in
/// the meantime waits on `token`, which that thread holds until the plans have run.
///
/// The token is a ``Construction`` of the preparing thread's, as a subscription's handler
/// holds one: a waiter blocks on it with the ``WaitGraph`` watching, so a plan that waits,
/// through other threads, for someone who waits for the container is reported as a cycle.
final class PlanRun: Sendable {
    /// The type of the container being prepared.
    let owner: any Container.Type
    /// Held by the preparing thread, its gate locked, while the plans run.
    let token: Construction

    init(preparing owner: any Container.Type) {
        self.owner = owner
        token = Construction(builder: ResolutionStack.current.agent)
    }

    /// Whether the calling thread is the one applying the plans: a plan that uses the
    /// container it prepares must not wait for itself.
    var isRunningHere: Bool { ResolutionStack.current.agent == token.builder }

    /// Runs `body` holding the token: whoever waits for the run waits until `body` returns.
    func hold<Result>(_ body: () -> Result) -> Result { token.hold(body) }

    /// Blocks until the plans have run, with the wait graph watching; returns at once when
    /// the wait would never end, which the wait graph reports to a construction in the cycle.
    func wait() { token.waitOut() }
}

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
