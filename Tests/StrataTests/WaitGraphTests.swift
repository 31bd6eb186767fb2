import Strata
import Synchronization
import Testing

/// Two providers where one thread builds `base` while another builds `dependent`, which
/// needs `base` and so waits for the first thread.
private final class Handoff: Container {
    let scope = AppScope()
    /// Set by the first thread once it builds `base`.
    let baseClaimed = Atomic<Bool>(false)
    /// Set by the second thread just before it asks for `base`.
    let dependentWantsBase = Atomic<Bool>(false)

    var base: Provider<Service> {
        shared {
            self.baseClaimed.store(true, ordering: .releasing)
            // Stay in flight until the other thread waits here, and a little longer, so that
            // it is parked on this construction when it finishes.
            while !self.dependentWantsBase.load(ordering: .acquiring) {}
            spin(microseconds: 2_000)
            return Service(id: 1)
        }
    }

    var dependent: Provider<Service> {
        shared {
            self.dependentWantsBase.store(true, ordering: .releasing)
            let base = try self.base.resolve()
            // Still in flight when the first thread, done with `base`, asks for this.
            spin(microseconds: 2_000)
            return Service(id: base.id + 1)
        }
    }
}

@Suite("Waiting across threads")
struct WaitGraphTests {
    /// A finished construction's waiters are not blocked on it.
    ///
    /// Thread A builds `base`; thread B, building `dependent`, waits for it. When `base` is
    /// stored, A at once asks for `dependent`, which B is still building. B has not yet
    /// woken from its wait for `base`: following "B waits for `base`, which A builds" would
    /// lead back to A and report a cycle that does not exist. The same holds the other way
    /// round: when B comes to wait for `base` only after A, done with it, already waits for
    /// `dependent`, the construction B would wait for is finished, and no wait at all.
    @Test(
        "waiting for a thread that has not yet woken from a finished wait is no cycle",
        .timeLimit(.minutes(1)), arguments: 0..<200)
    func finishedWaitIsNoCycle(round: Int) {
        let handoff = Handoff()
        let outcomes = Locked<[String]>([])
        // Threads of their own: each side spins until the other gets somewhere, which a
        // pool as wide as the cores may not schedule.
        let finished = onThreads(2) { side in
            do {
                if side == 0 {
                    let base = try handoff.base.resolve()
                    let dependent = try handoff.dependent.resolve()
                    outcomes.withLock { $0.append("A: \(base.id) \(dependent.id)") }
                } else {
                    // A builds `base`, so that B waits for it.
                    while !handoff.baseClaimed.load(ordering: .acquiring) {}
                    let dependent = try handoff.dependent.resolve()
                    outcomes.withLock { $0.append("B: \(dependent.id)") }
                }
            } catch {
                outcomes.withLock { $0.append("\(side == 0 ? "A" : "B"): \(error)") }
            }
        }
        #expect(finished, "the two threads hung")
        #expect(outcomes.withLock { $0.sorted() } == ["A: 1 2", "B: 2"])
    }
}
