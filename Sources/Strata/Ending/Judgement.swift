/// One container's end as a root's ``LeakWatcher`` judges it: the instances it released
/// that were still alive when it reported, and the verdict once they are judged.
///
/// Made only when something was still alive: an end that released everything judges nothing.
final class Judgement: Sendable {
    /// The instances still alive when the container reported.
    let instances: [WatchedInstance]
    /// The checked test the container's leaks are charged to: the one that owns it, if a
    /// checked test does.
    let ledger: TestLedger?
    /// The leaks, given once the instances are judged.
    let verdict = OneShot<[WatchedInstance]>()

    init(_ instances: [WatchedInstance], ledger: TestLedger?) {
        self.instances = instances
        self.ledger = ledger
    }

    /// Whether any of the instances is still alive.
    var hasAlive: Bool { instances.contains { $0.isStillAlive } }

    /// The instances still alive now, as leaks: the verdict, when the judgement is due.
    var leaks: [WatchedInstance] { instances.filter(\.isStillAlive).map(\.leaked) }
}
