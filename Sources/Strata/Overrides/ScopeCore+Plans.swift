// A root's tree settings, made on first use: the plans it keeps for containers made later.

extension ScopeCore {
    /// Runs `body` on this root's tree settings, making them if `body` needs them to exist.
    func withTreeSettings<Result>(
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
}
