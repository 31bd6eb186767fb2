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
