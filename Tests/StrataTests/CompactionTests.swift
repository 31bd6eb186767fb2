import Strata
import Testing

/// A long-lived container's lists of hooks and children drop what died, keep the order of
/// what lives, and do not grow.
@Suite struct CompactionTests {
    @Test("cancelled subscriptions leave a long-lived container's hooks bounded, in order")
    func cancelledSubscriptionsAreDropped() {
        let app = TestApp()
        let log = EventLog()
        let count = Observed(0)
        for index in 0..<5_000 {
            count.observe(in: app) { _ in }.cancel()
            if index % 500 == 0 { app.onEnd { _ in log.record("\(index)") } }
        }
        // Without compaction the list would hold all 5,010; with it, the ten live hooks and
        // at most one array's worth of cancelled ones.
        #expect(app.scope.core.heldCounts.hooks < 256)
        app.end()
        #expect(log.all == stride(from: 4_500, through: 0, by: -500).map { "\($0)" })
    }

    @Test("children that end oldest first leave the parent's list bounded, newest ending first")
    func childrenEndedOldestFirstAreDropped() {
        let app = TestApp()
        let log = EventLog()
        var live: [TestFeature] = []
        for index in 0..<2_000 {
            let feature = app.makeFeature()
            feature.onEnd { _ in log.record("\(index)") }
            live.append(feature)
            // The oldest ends first: its slot is a hole at the front, which no tail removal
            // reaches.
            if live.count > 10 { live.removeFirst().end() }
        }
        #expect(app.scope.core.heldCounts.childSlots < 64)
        #expect(app.tree.children.count == 10)
        let ended = log.all.count
        // Ending one in the middle after the compactions finds its renumbered slot.
        live.remove(at: 4).end()
        #expect(app.tree.children.count == 9)
        withExtendedLifetime(live) { _ = app.end() }
        let remaining = (1_990..<2_000).filter { $0 != 1_994 }
        #expect(Array(log.all.dropFirst(ended + 1)) == remaining.reversed().map { "\($0)" })
        #expect(app.scope.core.heldCounts.childSlots == 0)
    }
}
