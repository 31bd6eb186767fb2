// The 0.9 spellings that 1.0 folded into another, to keep its public surface at 200 symbols.
// Unavailable, so that a 0.9 use names what to write; none is in the public surface.

extension Subscription {
    /// Removed in 1.0: a subscription is in effect until it is cancelled or its container
    /// ends.
    @available(
        *, unavailable,
        message:
            "a subscription is in effect until cancel() or its container's end: read the container's isActive"
    )
    public var isActive: Bool { fatalError() }
}

extension WatchedInstance {
    /// Removed in 1.0: ``EndReport/leaks()`` lists the instances still alive when judged.
    @available(
        *, unavailable,
        message: "await report.leaks() lists the instances still alive once the end has settled"
    )
    public var isAlive: Bool { fatalError() }
}

extension EndReport {
    /// Removed in 1.0: ``overran`` lists the work an end did not see finish, awaited or not.
    @available(
        *, unavailable, renamed: "overran",
        message: "overran lists the async work an end did not see finish, end() or endAndWait"
    )
    public var notAwaited: [EndWork] { fatalError() }
}

extension EndWork {
    /// Removed in 1.0: the work's ``description`` says what it is.
    @available(
        *, unavailable,
        message: "description says what the work is, where it came from and its container"
    )
    public var kind: Kind { fatalError() }

    /// Removed in 1.0: the work's ``description`` says where it was started or registered.
    @available(
        *, unavailable,
        message: "description says where the work was started or registered: File.swift:12"
    )
    public var location: String? { fatalError() }

    /// Removed in 1.0: the work's ``description`` says what it is.
    ///
    /// Its 0.9 cases are kept, so that a comparison of `kind` with one of them is refused
    /// with the message of ``kind``, not as a member `Never` lacks.
    @available(*, unavailable, message: "description says what the work is")
    public enum Kind: Sendable, Hashable {
        /// Removed in 1.0: a task's ``EndWork/description`` reads "task started at …".
        case task
        /// Removed in 1.0: a hook's ``EndWork/description`` reads "onEnd hook registered at …".
        case hook
        /// Removed in 1.0: an instance's ``EndWork/description`` reads "scopeDidEnd() of …".
        case instance(ProviderDescription)
    }

    /// Removed in 1.0: the work's ``description`` names its container.
    @available(*, unavailable, message: "description names the container, with its tier")
    public var container: ContainerDescription { fatalError() }
}

extension ProviderDescription {
    /// Removed in 1.0: ``description`` names the container and the provider:
    /// `SignedInContainer.profile`.
    @available(
        *, unavailable,
        message: "description names the container and the provider: SignedInContainer.profile"
    )
    public var name: String { fatalError() }

    /// Removed in 1.0: ``description`` names the container and the provider:
    /// `SignedInContainer.profile`.
    @available(
        *, unavailable,
        message: "description names the container and the provider: SignedInContainer.profile"
    )
    public var container: ContainerDescription { fatalError() }
}

extension ScopeTree {
    /// Removed in 1.0: the tree's ``children``, walked.
    @available(
        *, unavailable,
        message: "walk the tree's children: [tree] + tree.children, and theirs, depth first"
    )
    public var allNodes: [ScopeTree] { fatalError() }
}
