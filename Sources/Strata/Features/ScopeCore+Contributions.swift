// Where a container keeps its contributions, and how it makes their elements.

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
