import Synchronization

/// The containers of a tree that began and have not ended yet: what a leak check reports as
/// leaked once its test is over.
///
/// A container is listed when it is first used and taken off when it ends — by `end()` or
/// by being released, which ends it — so one still listed when nothing should hold it is
/// alive and active: almost always kept by a cycle through one of its instances. The ledger
/// keeps names, not the cores, so that it keeps nothing alive.
package final class ContainerLedger: Sendable {
    /// A container that began and has not ended.
    package struct Open: Sendable {
        /// The container's type and tier.
        package let container: ContainerDescription
        /// Where its scope was made, as `File.swift`.
        package let fileID: String
        /// The line its scope was made on.
        package let line: Int
        /// The containers from the root down to it: `AppContainer › SignedInContainer`.
        package let path: [String]
    }

    private let open = Mutex<[ObjectIdentifier: Open]>([:])

    package init() {}

    /// The containers that began and have not ended, in no order.
    package var stillOpen: [Open] { open.withLock { Array($0.values) } }

    func began(_ core: ScopeCore) {
        var path: [String] = []
        var next: ScopeCore? = core
        while let scope = next {
            path.insert(scope.containerDescription.typeName, at: 0)
            next = scope.parent
        }
        let entry = Open(
            container: core.containerDescription, fileID: "\(core.fileID)",
            line: Int(core.line), path: path)
        open.withLock { $0[ObjectIdentifier(core)] = entry }
    }

    func ended(_ core: ScopeCore) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(core)) }
    }
}
