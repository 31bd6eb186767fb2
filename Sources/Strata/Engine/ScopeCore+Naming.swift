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
            root.ledger?.began(self)
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
