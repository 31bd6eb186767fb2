/// What a root container does to each container of one type made in its tree, before
/// anything is resolved from it, as the root keeps it; its identity tells it apart when its
/// subscription is cancelled.
final class ContainerPlan: Sendable {
    typealias Apply = @Sendable (any Container) -> Void

    let apply: Apply

    init(_ apply: @escaping Apply) { self.apply = apply }
}

extension Container where ContainerTier == AppTier {
    /// Applies `plan` to every container of type `target` made under this root, at any
    /// depth, once each, before anything is resolved from it.
    ///
    /// A flow test cannot reach the session made at sign-in or the feature made when a
    /// screen opens: app code makes them inside the flow. A plan reaches them anyway. It
    /// lives in this root, so tests that each make their own root run in parallel safely.
    ///
    /// ```swift
    /// let app = AppContainer(dataDirectory: directory)
    /// app.prepare(SignedInContainer.self) { signedIn in
    ///     signedIn.profileRepository.override { InMemoryProfileRepository() }
    /// }
    /// // … the flow signs in; its SignedInContainer reads the in-memory repository.
    /// ```
    ///
    /// The plan runs on the thread that first uses the container — to make a provider, a
    /// child, a hook, a route or a task — and any other thread that uses it meanwhile waits
    /// until the plan has run. Plans for the same type run in the order they were added. A
    /// container already in use when the plan is added is not affected.
    ///
    /// A plan may use the container it prepares. When it resolves a provider that another
    /// thread is building, and that thread's factory uses the container being prepared, the
    /// two would wait for each other: the plan's resolution throws
    /// ``StrataError/cycle(path:)`` instead, and the other thread goes on without waiting
    /// for the plan. A plan that waits for such a thread in any other way — a semaphore, a
    /// lock of its own — hangs.
    ///
    /// - Parameters:
    ///   - target: The type of container to prepare.
    ///   - plan: What to do to each such container, such as overriding its providers.
    /// - Returns: A subscription that removes the plan when cancelled; dropping it does
    ///   not. Containers the plan was applied to keep what it did.
    @discardableResult
    public func prepare<Target: Container>(
        _ target: Target.Type, _ plan: @escaping @Sendable (Target) -> Void
    ) -> Subscription {
        let entry = ContainerPlan { container in plan(container as! Target) }
        let owner = ObjectIdentifier(target)
        let root = boundHandle
        root.core.addPlan(entry, for: owner)
        // Weak, so that a kept subscription does not keep the root open.
        return Subscription { [weak root] in root?.core.removePlan(entry, for: owner) }
    }
}
