import Synchronization

extension Container {
    /// Adds an element to `key`'s list for this container and every container below it,
    /// until this container ends.
    ///
    /// The element is made by `make` each time someone gathers, so it may resolve this
    /// container's providers and always reflects them as they are. One call adds one
    /// element; call again to add more, in the order they should be gathered.
    ///
    /// `make` receives the container it was given to, so it never needs to capture it: the
    /// container keeps `make` until it ends or the contribution is withdrawn, and a factory
    /// that captured its container would keep it alive. The container is held weakly for
    /// the factory; once it is released, its contributions are left out as an ended
    /// container's are. Contributing to a container that has ended does nothing and returns
    /// an inactive contribution.
    ///
    /// ```swift
    /// signedIn.contribute(AnalyticsSinks.self) { signedIn in try signedIn.consoleSink.resolve() }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The list to add to.
    ///   - make: Makes the element from the container, on the thread that gathers. It may
    ///     throw; see ``gather(_:)-2x12m`` for what becomes of the error.
    /// - Returns: A subscription that withdraws the contribution when cancelled before the
    ///   container ends; dropping it does not.
    @discardableResult
    public func contribute<Key: ContributionKey>(
        _ key: Key.Type, _ make: @escaping @Sendable (Self) throws -> Key.Element
    ) -> Subscription {
        contribute(key, .anyThread { try make($0 as! Self) })
    }

    /// Adds an element made on the main actor to `key`'s list for this container and every
    /// container below it, until this container ends.
    ///
    /// The main-actor form of `contribute(_:_:)`: it may be called
    /// from any thread, and `make` runs on the main actor when someone gathers.
    ///
    /// ```swift
    /// signedIn.contribute(HomeMenu.self) { signedIn in
    ///     MenuEntry(title: "Profile", opens: ProfileContainer.destination(under: signedIn))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The list to add to.
    ///   - make: Makes the element from the container, on the main actor.
    /// - Returns: A subscription that withdraws the contribution when cancelled before the
    ///   container ends; dropping it does not.
    @discardableResult
    public func contribute<Key: MainActorContributionKey>(
        _ key: Key.Type, _ make: @escaping @MainActor (Self) throws -> Key.Element
    ) -> Subscription {
        contribute(key, .mainActor { try make($0 as! Self) })
    }

    /// Adds an element whose making is awaited to `key`'s list for this container and every
    /// container below it, until this container ends.
    ///
    /// The async form of `contribute(_:_:)`, for an element that
    /// takes time to make or `await`s another actor: `make` runs in the gatherer's task.
    ///
    /// ```swift
    /// signedIn.contribute(SyncSources.self) { signedIn in try await signedIn.inbox.resolve() }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The list to add to.
    ///   - make: Makes the element from the container.
    /// - Returns: A subscription that withdraws the contribution when cancelled before the
    ///   container ends; dropping it does not.
    @discardableResult
    public func contribute<Key: AsyncContributionKey>(
        _ key: Key.Type, _ make: @escaping @Sendable (Self) async throws -> Key.Element
    ) -> Subscription {
        contribute(key, .async { try await make($0 as! Self) })
    }

    private func contribute(_ key: Any.Type, _ make: ContributionEntry.Make) -> Subscription {
        let key = ObjectIdentifier(key)
        let entry = ContributionEntry(make)
        let scope = boundHandle
        _ = scope.core.addContribution(entry, for: key, of: self)
        // Weak: a kept subscription keeps neither the container open nor, past the end, what
        // the factory captured.
        return Subscription(
            removal: { [weak scope, weak entry] in
                guard let scope, let entry else { return }
                scope.core.withdrawContribution(entry, for: key)
            },
            applies: { [weak scope, weak entry] in
                entry?.isLive == true && scope?.core.isActive == true
            })
    }

    /// Every live contribution to `key` from the app down to this container.
    ///
    /// The order is stable: the root's contributions first, then each container down to
    /// this one, and within a container in the order they were contributed. Containers
    /// beside this one — a sibling feature and its children — are not searched.
    ///
    /// Each element is made now, on the calling thread, by its factory. A contribution of a
    /// container that has ended, or is ending, is left out, even while another thread is ending it:
    /// the container is checked before and again after the factory runs, so once
    /// ``end(fileID:filePath:line:)`` has returned no gather includes its elements. For the same
    /// reason a factory that throws because its container ended meanwhile — typically
    /// ``StrataError/ended(provider:)`` from one of the container's providers — is left out rather
    /// than reported. A factory may still be running on another thread when `end()` returns; its
    /// element is then dropped.
    ///
    /// An end marks its container ending before it ends the children, newest first, each
    /// the same way. So a gather during an ancestor's end — on another thread, or in an end
    /// hook — leaves out the containers the end has begun and keeps those it has not reached:
    /// from a child not reached yet it returns the child's elements without its parent's,
    /// along with those of the containers above the one ending.
    ///
    /// ```swift
    /// for sink in try feature.gather(AnalyticsSinks.self) { sink.record(event) }
    /// ```
    ///
    /// - Parameter key: The list to gather.
    /// - Returns: The elements, the root's first.
    /// - Throws: The first error of a factory whose container is still active: a
    ///   ``StrataError`` as thrown, any other error as
    ///   ``StrataError/factoryFailed(provider:underlying:)`` naming the container.
    public func gather<Key: ContributionKey>(
        _ key: Key.Type
    ) throws(StrataError) -> [Key.Element] {
        try gather(key) { make, container in
            guard case .anyThread(let make) = make else { make.mismatched(key) }
            return try make(container)
        }
    }

    /// Every live contribution to a main-actor `key` from the app down to this container,
    /// made on the main actor.
    ///
    /// The order, and what is left out, are those of
    /// ``gather(_:)-2x12m``: the root's contributions first, each container
    /// in the order contributed; nothing of a container that has ended.
    ///
    /// ```swift
    /// let entries = try signedIn.gather(HomeMenu.self)
    /// ```
    ///
    /// - Parameter key: The list to gather.
    /// - Returns: The elements, the root's first.
    /// - Throws: The first error of a factory whose container is still active, as
    ///   ``gather(_:)-2x12m`` does.
    @MainActor
    public func gather<Key: MainActorContributionKey>(
        _ key: Key.Type
    ) throws(StrataError) -> [Key.Element] {
        try gather(key) { make, container in
            guard case .mainActor(let make) = make else { make.mismatched(key) }
            return try make(container)
        }
    }

    /// Every live contribution to an async `key` from the app down to this container, each
    /// awaited in turn in the caller's task.
    ///
    /// The order, and what is left out, are those of ``gather(_:)-2x12m``.
    ///
    /// ```swift
    /// for source in try await feature.gather(SyncSources.self) { await source.sync() }
    /// ```
    ///
    /// - Parameter key: The list to gather.
    /// - Returns: The elements, the root's first.
    /// - Throws: The first error of a factory whose container is still active, as
    ///   ``gather(_:)-2x12m`` does.
    public func gather<Key: AsyncContributionKey>(
        _ key: Key.Type
    ) async throws(StrataError) -> [Key.Element] {
        var elements: [Key.Element] = []
        for core in boundCore.lineageFromRoot {
            guard let (entries, container) = core.contributions(for: ObjectIdentifier(key))
            else { continue }
            for entry in entries {
                let element = try await core.makeContribution(
                    entry, keyName: String(describing: key)
                ) { make in
                    guard case .async(let make) = make else { make.mismatched(key) }
                    return try await make(container)
                }
                if let element { elements.append(element as! Key.Element) }
            }
        }
        return elements
    }

    private func gather<Element>(
        _ key: Any.Type, run: (ContributionEntry.Make, any Container) throws -> Any
    ) throws(StrataError) -> [Element] {
        var elements: [Element] = []
        for core in boundCore.lineageFromRoot {
            guard let (entries, container) = core.contributions(for: ObjectIdentifier(key))
            else { continue }
            for entry in entries {
                let element = try core.makeContribution(entry, keyName: String(describing: key)) {
                    try run($0, container)
                }
                if let element { elements.append(element as! Element) }
            }
        }
        return elements
    }
}

/// One contribution as its container keeps it; its identity tells it apart for
/// cancelling the contribution's ``Subscription``.
final class ContributionEntry: Sendable {
    /// The factory, with its key's isolation; it receives the container it was given to.
    enum Make: Sendable {
        case anyThread(@Sendable (any Container) throws -> Any)
        case mainActor(@MainActor (any Container) throws -> Any)
        case async(@Sendable (any Container) async throws -> Any)

        /// Traps: a key type that conforms to two key protocols was contributed to through
        /// one and gathered through the other.
        func mismatched(_ key: Any.Type) -> Never {
            trap(.keyOfTwoKinds(key: "\(key)"))
        }
    }

    let make: Make
    /// `false` once withdrawn: a gather that took the entry before still leaves it out.
    private let live = Atomic<Bool>(true)

    init(_ make: Make) { self.make = make }

    var isLive: Bool { live.load(ordering: .acquiring) }

    func withdraw() { live.store(false, ordering: .releasing) }
}

/// The contributions of one container, by key, in the order they were made.
///
/// Most containers contribute nothing, so a container makes it on first use. It is read and
/// written only with the container's state locked, and dropped when the container ends.
final class ContributionTable {
    var entries: [ObjectIdentifier: [ContributionEntry]] = [:]
}
