import Strata
import Synchronization
import Testing

/// An instance numbered in the order instances were made.
private final class Numbered: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class NumberedApp: Container {
    let scope = AppScope()
    let made = Atomic<Int>(0)
    var item: Provider<Numbered> {
        shared { Numbered(number: self.made.add(1, ordering: .relaxed).newValue) }
    }
    var other: Provider<Numbered> { shared { Numbered(number: -1) } }
    var held: Provider<Numbered> { weakShared { Numbered(number: 0) } }
}

private final class NumberedChild: Container {
    let scope: InteractionScope<NumberedApp>
    init(parent: NumberedApp) { scope = InteractionScope(parent: parent) }
}

/// An instance followed weakly, to see it freed.
private struct Followed {
    weak var object: Numbered?
}

/// Resolves `app.item` twice, so that the second, locked, read publishes it; returns it
/// followed weakly, so that the test holds no reference to it.
private func publishItem(of app: NumberedApp) -> Followed {
    let item = app.item()
    #expect(app.item() === item)
    #expect(app.scope.core.publishesReads)
    return Followed(object: item)
}

/// Cached resolutions read without the lock once a locked read has published the entries;
/// every change to the scope takes that back before it returns.
///
/// Under the thread sanitizer the two races at the end also check that no snapshot is freed
/// while a reader still uses it (with the wait for readers removed, the sanitizer reported a
/// race in each of six runs).
@Suite("Reads without the lock", .tags(.speed))
struct ReadCacheTests {
    @Test("a locked read that finds an instance publishes the entries; the next reads use them")
    func publishedAfterALockedRead() {
        let app = NumberedApp()
        let first = app.item()
        // The first resolution built the instance: that changed the scope, published nothing.
        #expect(!app.scope.core.publishesReads)
        #expect(app.item() === first)
        #expect(app.scope.core.publishesReads)
        // Another key is found in the published entries too, once stored.
        #expect(app.item() === first)
        let other = app.other()
        #expect(app.other() === other)
        #expect(app.scope.core.publishesReads)
        #expect(app.other() === other)
    }

    @Test("children that come and go, and hooks added, leave the parent's entries published")
    func childrenAndHooksKeepThePublishedEntries() {
        let app = NumberedApp()
        let item = publishItem(of: app)
        NumberedChild(parent: app).end()
        #expect(app.scope.core.publishesReads)
        // Released without end(): it ends itself and leaves the parent's list.
        _ = NumberedChild(parent: app)
        #expect(app.tree.children.isEmpty)
        #expect(app.scope.core.publishesReads)
        app.onEnd { _ in }
        #expect(app.scope.core.publishesReads)
        #expect(app.item() === item.object)
    }

    @Test("an override takes the published instance back: the next resolution builds from it")
    func overrideUnpublishes() {
        let app = NumberedApp()
        _ = app.item()
        _ = app.item()
        #expect(app.scope.core.publishesReads)
        let hundred = app.item.override { Numbered(number: 100) }
        #expect(!app.scope.core.publishesReads)
        #expect(app.item().number == 100)
        // The override's instance is published like any other.
        #expect(app.item().number == 100)
        #expect(app.scope.core.publishesReads)
        #expect(app.item().number == 100)
        hundred.cancel()
        #expect(!app.scope.core.publishesReads)
        #expect(app.item().number == 2)
    }

    @Test("after end(), a resolution fails, and the published entries kept nothing alive")
    func endUnpublishes() {
        let app = NumberedApp()
        let first = publishItem(of: app)
        let report = app.end()
        #expect(report.watched.isEmpty)
        #expect(first.object == nil)
        #expect(!app.scope.core.publishesReads)
        #expect(throws: StrataError.self) { try app.item.resolve() }
    }

    @Test("a reset takes the published instance back: the next resolution builds anew")
    func resetUnpublishes() {
        let app = NumberedApp()
        let first = publishItem(of: app)
        _ = app.item.endCachedInstance()
        #expect(first.object == nil)
        #expect(app.item().number == 2)
    }

    @Test("a weakShared instance read from the published entries is still held weakly")
    func weakSharedStaysWeak() {
        let app = NumberedApp()
        weak var held: Numbered?
        do {
            let instance = app.held()
            held = instance
            #expect(app.held() === instance)
            #expect(app.held() === instance)
            #expect(app.scope.core.publishesReads)
        }
        #expect(held == nil)
        #expect(app.held().number == 0)
    }

    /// Readers resolve from the published entries while one thread resets the instance.
    ///
    /// Over and over: a reader reads the number of the instance the writer saw before its
    /// latest reset returned; a resolution that begins after that must return a newer one.
    @Test(
        "after reset returns, no resolution that starts later returns the instance it reset",
        .timeLimit(.minutes(1)))
    func resetRacingReads() throws {
        let app = NumberedApp()
        let resetBelow = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let stale = Atomic<Int>(0)
        let published = Atomic<Int>(0)
        let resets = 2_000
        let start = Barrier(parties: 3)
        let finished = onThreads(3) { index in
            guard start.arriveAndWait() else { return }
            if index == 0 {
                for _ in 0..<resets {
                    // Let the readers publish and read without the lock before each reset.
                    while !app.scope.core.publishesReads { _ = app.item() }
                    published.add(1, ordering: .relaxed)
                    let current = app.item().number
                    _ = app.item.endCachedInstance()
                    resetBelow.store(current + 1, ordering: .releasing)
                }
                done.store(true, ordering: .releasing)
                return
            }
            while !done.load(ordering: .acquiring) {
                let floor = resetBelow.load(ordering: .acquiring)
                if app.item().number < floor { stale.add(1, ordering: .relaxed) }
            }
        }
        try #require(finished)
        #expect(stale.load(ordering: .relaxed) == 0)
        #expect(published.load(ordering: .relaxed) == resets)
    }

    /// Readers resolve from the published entries while another thread ends the container.
    @Test(
        "after end() returns, no resolution that starts later succeeds",
        .timeLimit(.minutes(1)), arguments: 0..<20)
    func endRacingReads(round: Int) throws {
        let app = NumberedApp()
        _ = app.item()
        _ = app.item()
        try #require(app.scope.core.publishesReads)
        let ended = Atomic<Bool>(false)
        let succeededAfterEnd = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        let start = Barrier(parties: 3)
        let finished = onThreads(3) { index in
            guard start.arriveAndWait() else { return }
            if index == 0 {
                while reads.load(ordering: .acquiring) < 100 {}
                app.end()
                ended.store(true, ordering: .releasing)
                return
            }
            var readsAfterEnd = 0
            while readsAfterEnd < 100 {
                let afterEnd = ended.load(ordering: .acquiring)
                let succeeded = (try? app.item.resolve()) != nil
                reads.add(1, ordering: .relaxed)
                guard afterEnd else { continue }
                readsAfterEnd += 1
                if succeeded { succeededAfterEnd.add(1, ordering: .relaxed) }
            }
        }
        try #require(finished)
        #expect(succeededAfterEnd.load(ordering: .relaxed) == 0)
    }
}
