import Synchronization

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
