import Synchronization

extension Container {
    /// Adds an element to `key`'s list for this container and every container below it,
    /// until this container ends.
    ///
    /// The element is made by `make` each time someone gathers, so it may resolve this
    /// container's providers and always reflects them as they are. One call adds one
    /// element; call again to add more, in the order they should be gathered.
    ///
    /// The container keeps `make` until it ends or the contribution is withdrawn, then
    /// releases it and what it captured. Like a route handler, a factory that captures its
    /// container strongly keeps it alive until ``end(fileID:filePath:line:column:)``. Contributing to a container that
    /// has ended does nothing and returns an inactive contribution.
    ///
    /// ```swift
    /// signedIn.contribute(AnalyticsSinks.self) { try signedIn.consoleSink.resolve() }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The list to add to.
    ///   - make: Makes the element, on the thread that gathers. It may throw; see
    ///     ``gather(_:)-2x12m`` for what becomes of the error.
    /// - Returns: The contribution, to ``Contribution/withdraw()`` it before the container
    ///   ends.
    @discardableResult
    public func contribute<Key: ContributionKey>(
        _ key: Key.Type, _ make: @escaping @Sendable () throws -> Key.Element
    ) -> Contribution {
        contribute(ObjectIdentifier(key), .anyThread(make))
    }

    /// Adds an element made on the main actor to `key`'s list for this container and every
    /// container below it, until this container ends.
    ///
    /// The main-actor form of ``contribute(_:_:)-(_,()->Key.Element)``: it may be called from
    /// any thread, and `make` runs on the main actor when someone gathers there.
    ///
    /// ```swift
    /// signedIn.contribute(HomeMenu.self) {
    ///     MenuEntry(title: "Profile") { host.open(ProfileScreen.self) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The list to add to.
    ///   - make: Makes the element, on the main actor.
    /// - Returns: The contribution, to ``Contribution/withdraw()`` it before the container
    ///   ends.
    @discardableResult
    public func contribute<Key: MainActorContributionKey>(
        _ key: Key.Type, _ make: @escaping @MainActor () throws -> Key.Element
    ) -> Contribution {
        contribute(ObjectIdentifier(key), .mainActor(make))
    }

    private func contribute(_ key: ObjectIdentifier, _ make: ContributionEntry.Make)
        -> Contribution
    {
        let entry = ContributionEntry(make)
        let scope = boundHandle
        _ = scope.core.addContribution(entry, for: key)
        return Contribution(scope: scope, entry: entry, key: key)
    }

    /// Every live contribution to `key` from the app down to this container.
    ///
    /// The order is stable: the root's contributions first, then each container down to
    /// this one, and within a container in the order they were contributed. Containers
    /// beside this one — a sibling feature and its children — are not searched.
    ///
    /// Each element is made now, on the calling thread, by its factory. A contribution of a
    /// container that has ended, or is ending, is left out, even while another thread is
    /// ending it: the container is checked before and again after the factory runs, so once
    /// ``end(fileID:filePath:line:column:)`` has returned no gather includes its elements. For the same reason a factory
    /// that throws because its container ended meanwhile — typically
    /// ``StrataError/ended(provider:)`` from one of the container's providers — is left out
    /// rather than reported. A factory may still be running on another thread when `end()`
    /// returns; its element is then dropped.
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
        try gather(ObjectIdentifier(key), keyName: String(describing: key)) { make in
            guard case .anyThread(let make) = make else {
                preconditionFailure("a main-actor contribution under a ContributionKey")
            }
            return try make()
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
        try gather(ObjectIdentifier(key), keyName: String(describing: key)) { make in
            switch make {
            case .mainActor(let make): try make()
            case .anyThread(let make): try make()
            }
        }
    }

    private func gather<Element>(
        _ key: ObjectIdentifier, keyName: @autoclosure () -> String,
        run: (ContributionEntry.Make) throws -> Any
    ) throws(StrataError) -> [Element] {
        var elements: [Element] = []
        for core in boundCore.lineageFromRoot {
            for entry in core.contributions(for: key) {
                if let element = try core.makeContribution(entry, keyName: keyName(), run: run) {
                    elements.append(element as! Element)
                }
            }
        }
        return elements
    }
}

/// One contribution as its container keeps it; its identity tells it apart for
/// ``Contribution/withdraw()``.
final class ContributionEntry: Sendable {
    enum Make: Sendable {
        case anyThread(@Sendable () throws -> Any)
        case mainActor(@MainActor () throws -> Any)
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
