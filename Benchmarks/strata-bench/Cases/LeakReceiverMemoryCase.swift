import Strata
import Synchronization

extension BenchCase {
    /// Resident memory growth over `onLeak` receivers added to one root and cancelled one
    /// after another, as an app that adds one per screen, request or test does, in a tree that
    /// never leaks: a cancelled receiver must leave nothing behind.
    static let leakReceiverMemory = BenchCase(
        name: "leak-receivers-memory",
        title: "memory growth, 100,000 onLeak receivers added and cancelled",
        unit: "MiB", baseline: "a hand-written list of receivers, each removed when cancelled",
        target: .atMost(1)
    ) { settings throws(BenchFailure) in
        guard ResidentMemory.bytes() != nil else {
            throw .unsupported("resident memory is read from /proc/self/statm: Linux only")
        }
        let count = settings.isSmoke ? 1_000 : settings.exactIterations ?? 100_000
        var strata: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<settings.repetitions {
            baseline.append(
                growth(count) {
                    HandLeakReceivers()
                } add: {
                    $0.add { _ in }
                })
            strata.append(
                growth(count) {
                    BenchAppContainer()
                } add: { app in
                    let subscription = app.onLeak { _ in }
                    return subscription.cancel
                })
        }
        return Comparison(
            strata: Figure(samples: strata, iterations: nil),
            baseline: Figure(samples: baseline, iterations: nil))
    }

    /// How many MiB resident memory grows while `count` receivers are added to a root that
    /// `make` makes, each cancelled at once with what `add` returns.
    private static func growth<Root>(
        _ count: Int, _ make: () -> Root, add: (Root) -> () -> Void
    ) -> Double {
        let root = make()
        ResidentMemory.trim()
        let before = ResidentMemory.bytes() ?? 0
        for _ in 0..<count { add(root)() }
        ResidentMemory.trim()
        let after = ResidentMemory.bytes() ?? 0
        withExtendedLifetime(root) {}
        return Double(after - before) / Double(1 << 20)
    }
}

/// The least a root's list of receivers needs: each receiver kept until it is cancelled,
/// which removes it.
private final class HandLeakReceivers: Sendable {
    private struct Receivers {
        var list: [(id: Int, receive: @Sendable (WatchedInstance) -> Void)] = []
        var nextID = 0
    }

    private let receivers = Mutex(Receivers())

    /// Adds `receive`; returns what cancels it.
    func add(_ receive: @escaping @Sendable (WatchedInstance) -> Void) -> @Sendable () -> Void {
        let id = receivers.withLock { receivers in
            defer { receivers.nextID += 1 }
            receivers.list.append((receivers.nextID, receive))
            return receivers.nextID
        }
        return { [weak self] in
            self?.receivers.withLock { receivers in receivers.list.removeAll { $0.id == id } }
        }
    }
}
