import Strata
import Synchronization
import Testing

/// An instance that knows which override built it: 0 for the declaration.
private final class Versioned: Sendable {
    let version: Int
    init(version: Int) { self.version = version }
}

private final class VersionedApp: Container {
    let scope = AppScope()
    var current: Provider<Versioned> { shared { Versioned(version: 0) } }
}

@Suite("Overrides racing resolutions")
struct OverrideRaceTests {
    /// Once `override` returns, no resolution returns what an older factory built.
    ///
    /// A reader reads the newest version whose `override` has returned, then resolves:
    /// its resolution began after that override returned, so what it gets is at least that
    /// version — whether it was stored, built by the reader, or built by another thread.
    @Test(
        "after override returns, no resolution that starts later returns an older instance",
        .timeLimit(.minutes(1)), arguments: 0..<3)
    func overrideRacingReads(round: Int) throws {
        let app = VersionedApp()
        let installed = Atomic<Int>(0)
        let stale = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        let overrides = 400
        let start = Barrier(parties: 3)
        let finished = onThreads(3) { index in
            guard start.arriveAndWait() else { return }
            if index == 0 {
                // Start once reading has begun, or a fast writer could finish before it.
                while reads.load(ordering: .acquiring) < 2 {}
                for version in 1...overrides {
                    app.current.override { Versioned(version: version) }
                    installed.store(version, ordering: .releasing)
                }
                return
            }
            repeat {
                let floor = installed.load(ordering: .acquiring)
                let version = app.current().version
                reads.add(1, ordering: .releasing)
                if version < floor { stale.add(1, ordering: .relaxed) }
            } while installed.load(ordering: .acquiring) < overrides
        }
        try #require(finished)
        let staleReads = stale.load(ordering: .relaxed)
        #expect(staleReads == 0)
        #expect(app.current().version == overrides)
    }

    /// Once an override's `cancel()` returns, the override's instance is never returned again.
    @Test(
        "after an override's cancel() returns, no resolution returns the override's instance",
        .timeLimit(.minutes(1)))
    func removeOverrideRacingReads() throws {
        let app = VersionedApp()
        let removed = Atomic<Bool>(false)
        let stale = Atomic<Int>(0)
        let override = app.current.override { Versioned(version: 1) }
        let start = Barrier(parties: 3)
        let finished = onThreads(3) { index in
            guard start.arriveAndWait() else { return }
            if index == 0 {
                for _ in 0..<200 { _ = app.current() }
                override.cancel()
                removed.store(true, ordering: .releasing)
                return
            }
            // Read across the removal, and on for a while after it.
            var readsAfterRemoval = 0
            while readsAfterRemoval < 500 {
                let afterRemoval = removed.load(ordering: .acquiring)
                let version = app.current().version
                guard afterRemoval else { continue }
                readsAfterRemoval += 1
                if version != 0 { stale.add(1, ordering: .relaxed) }
            }
        }
        try #require(finished)
        let staleReads = stale.load(ordering: .relaxed)
        #expect(staleReads == 0)
        #expect(app.current().version == 0)
    }
}
