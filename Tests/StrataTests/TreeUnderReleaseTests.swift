import Foundation
import Strata
import Testing

/// Reading a container's tree while another thread lets go of the last outside reference to
/// a `weakShared` instance: the instance's deinit may run on the reading thread, and must not
/// run under the container's lock.
@Suite("The tree while a weakShared instance is released", .tags(.stress))
struct TreeUnderReleaseTests {
    @Test(
        "a deinit that reads a provider, run by a tree read, does not trap",
        .timeLimit(.minutes(1)))
    func deinitReadingAProvider() async {
        await #expect(processExitsWith: .success) {
            exitIfStuck("tree reads racing releases") {
                let app = ReleasingApp()
                TreeRace.run(on: app) { app.readsOnRelease() }
            }
        }
    }

    @Test(
        "a deinit that ends a child container, run by a tree read, does not trap",
        .timeLimit(.minutes(1)))
    func deinitEndingAChild() async {
        await #expect(processExitsWith: .success) {
            exitIfStuck("tree reads racing releases") {
                let app = ReleasingApp()
                TreeRace.run(on: app) { app.ownsChild() }
            }
        }
    }

    @Test("the tree names weakShared instances alive, and leaves out those gone")
    func treeNamesLiveWeakInstances() {
        let app = ReleasingApp()
        _ = app.service()
        var held: CallsBackOnRelease? = app.readsOnRelease()
        #expect(app.tree.instances == ["service: Service", "readsOnRelease: CallsBackOnRelease"])
        _ = held
        held = nil
        #expect(app.tree.instances == ["service: Service"])
    }
}

/// An instance that calls back into Strata from its deinit.
final class CallsBackOnRelease: Sendable {
    private let onRelease: @Sendable () -> Void

    init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    deinit { onRelease() }
}

/// A child container owned by one instance of its parent, ended when that instance goes.
final class OwnedChild: Container {
    let scope: FeatureScope<ReleasingApp>

    init(parent: ReleasingApp) { scope = FeatureScope(parent: parent) }
}

final class ReleasingApp: Container {
    let scope = AppScope()

    var service: Provider<Service> { shared { Service() } }
    /// Reads `service` when released.
    var readsOnRelease: Provider<CallsBackOnRelease> {
        weakShared { CallsBackOnRelease { _ = self.service() } }
    }
    /// Ends a child container of this app when released.
    var ownsChild: Provider<CallsBackOnRelease> {
        weakShared {
            let child = OwnedChild(parent: self)
            return CallsBackOnRelease { child.end() }
        }
    }
}

enum TreeRace {
    /// Rounds every run makes; a tenth under ThreadSanitizer, where each spin is instrumented.
    static let rounds = isUnderThreadSanitizer ? 30 : 300
    /// Rounds in which the reader must be seen holding the instance, in a debug build: the
    /// old code trapped within the first few such rounds.
    ///
    /// Not a share of `rounds`: where the suite loads both cores, the thread holding the
    /// container's lock is often preempted, and a round then takes a scheduler period or
    /// more. Such a run made 24 rounds in 8 s, 13 of them overlapping; a run on a quiet
    /// machine makes all its rounds in under a second, nearly all overlapping.
    static let requiredOverlaps = isUnderThreadSanitizer ? 4 : 10
    /// How long a run may go on making rounds.
    ///
    /// It makes `rounds` of them, and in a debug build goes on until `requiredOverlaps` of
    /// them overlapped. Inside `exitIfStuck`'s 10 s.
    static let overlapBudget = Duration.seconds(8)
    /// How long a round waits to see the reader hold the instance: a round whose reader is
    /// descheduled spins all of it; in optimised code the hold is often too short to see.
    #if DEBUG
        static let maximumSpins = 100_000
    #else
        static let maximumSpins = 20_000
    #endif

    /// Reads `app.tree` on another thread without pause, while this thread makes an instance
    /// with `make` and lets go of it the moment the reader holds it too — forcing the
    /// reader's reference to be the last one — for `rounds` rounds, and in a debug build
    /// until `requiredOverlaps` of them overlapped, within `overlapBudget`.
    ///
    /// The reader's hold shows in the instance's retain count: this thread waits until the
    /// count rises above its own before it lets go.
    static func run(on app: ReleasingApp, _ make: () -> CallsBackOnRelease) {
        _ = app.service()
        let reading = Locked(true)
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while reading.withLock({ $0 }) { _ = app.tree.description }
            readerDone.signal()
        }
        let deadline = ContinuousClock.now + overlapBudget
        var made = 0
        var overlapped = 0
        while ContinuousClock.now < deadline,
            made < rounds || (needsOverlaps && overlapped < requiredOverlaps)
        {
            var instance: CallsBackOnRelease? = make()
            let own = _getRetainCount(instance!)
            var spins = 0
            while _getRetainCount(instance!) <= own, spins < maximumSpins { spins += 1 }
            if spins < maximumSpins { overlapped += 1 }
            instance = nil
            made += 1
        }
        reading.withLock { $0 = false }
        readerDone.wait()
        // The race is forced: the old code trapped within the first few overlapping rounds.
        // Optimised code holds the instance for a few instructions, too short for a spinning
        // thread to see every time: there the rounds race unforced, and the debug and
        // ThreadSanitizer runs (both debug builds) prove the overlap.
        if needsOverlaps {
            exitUnless(
                overlapped >= requiredOverlaps, status: 87,
                "only \(overlapped) of \(made) rounds overlapped in \(overlapBudget)")
        }
    }

    #if DEBUG
        private static let needsOverlaps = true
    #else
        private static let needsOverlaps = false
    #endif
}
