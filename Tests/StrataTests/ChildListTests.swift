import Strata
import Synchronization
import Testing

/// A parent's list of live children: order, removal, and children released while the parent
/// reads or ends them.
@Suite struct ChildListTests {
    @Test(
        "children still live when the parent ends end newest first, after others ended out of order"
    )
    func newestFirstAfterHoles() {
        let app = TestApp()
        let log = EventLog()
        let features = (0..<40).map { index in
            let feature = app.makeFeature()
            feature.onEnd { _ in log.record("\(index)") }
            return feature
        }
        // Enough holes, spread out, to make the list compact itself.
        let endedEarly = Set((0..<40).filter { $0 % 4 != 3 }.reversed().shuffled())
        for index in endedEarly.sorted(by: { ($0 * 7) % 40 < ($1 * 7) % 40 }) {
            features[index].end()
        }
        let early = log.all.count
        // The features must outlive the parent's end: an optimised build may release an array
        // after its last use, and a released feature ends itself before the parent gets to it.
        withExtendedLifetime(features) { _ = app.end() }
        let remaining = (0..<40).filter { !endedEarly.contains($0) }
        #expect(Array(log.all.dropFirst(early)) == remaining.reversed().map { "\($0)" })
    }

    @Test(
        "a child released without end() while its parent ends on another thread ends once",
        .timeLimit(.minutes(1)))
    func releasedWhileParentEnds() throws {
        for _ in 0..<200 {
            let app = TestApp()
            let ended = Counter()
            let holder = Locked<TestFeature?>(app.makeFeature())
            holder.withLock { $0?.onEnd { _ in ended.next() } }
            let arrived = Atomic<Int>(0)
            // Threads of their own: each spins until the other arrives, which a pool as wide
            // as the cores may not schedule.
            let finished = onThreads(2) { side in
                // Both threads start together, so the release and the end overlap.
                arrived.add(1, ordering: .acquiringAndReleasing)
                while arrived.load(ordering: .acquiring) < 2 {}
                if side == 0 {
                    app.end()
                } else {
                    holder.withLock { $0 = nil }
                }
            }
            try #require(finished, "the parent's end and the child's release did not finish")
            #expect(ended.value == 1)
            #expect(app.tree.children.isEmpty)
        }
    }

    @Test(
        "children made and dropped on several threads while the parent reads its tree all leave it",
        .timeLimit(.minutes(1)))
    func madeAndDroppedWhileTreeIsRead() throws {
        let app = TestApp()
        let ended = Counter()
        let writersDone = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        let perWriter = 2_000
        // Threads of their own: the writers spin until the reader has read.
        let finished = onThreads(3) { worker in
            if worker == 0 {
                // Reads until both writers finish: every node read is a live child.
                while writersDone.load(ordering: .acquiring) < 2 {
                    reads.add(1, ordering: .releasing)
                    let children = app.tree.children
                    if children.contains(where: { $0.container.tier != "feature" }) {
                        return
                    }
                }
                return
            }
            // The writers start once the reader reads, so the reads overlap their work.
            while reads.load(ordering: .acquiring) == 0 {}
            var kept: [TestFeature] = []
            for index in 0..<perWriter {
                let feature = app.makeFeature()
                feature.onEnd { _ in ended.next() }
                _ = feature.screen()
                if index % 3 == 0 { feature.end() } else { kept.append(feature) }
                // Dropped in batches, oldest first and newest first in turn.
                if kept.count == 50 {
                    if index % 2 == 0 { kept.reverse() }
                    kept.removeAll()
                }
            }
            kept.removeAll()
            writersDone.add(1, ordering: .releasing)
        }
        try #require(finished, "the writers and the reader did not finish")
        #expect(ended.value == 2 * perWriter)
        #expect(app.tree.children.isEmpty)
    }
}
