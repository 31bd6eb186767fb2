/// What a root container keeps for its whole tree: the plans for containers not made yet,
/// and the watcher that judges its leaks.
///
/// Most trees have neither, so a root makes it on first use, and only a root has one. It is
/// read and written only with the root's state locked.
final class TreeSettings {
    /// The plans by the type of container they prepare, oldest first.
    var plans: [ObjectIdentifier: [ContainerPlan]] = [:]
    /// Judges the instances the tree's ends watch; made on the first judgement or receiver.
    var watcher: LeakWatcher?
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
