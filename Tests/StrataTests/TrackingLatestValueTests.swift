import Dispatch
import Foundation
import Observation
import Strata
import Testing

/// An `@Observable` model safe to read from any thread, written as the macro expands a stored
/// property: Observation is told before the store (`willSet`) and after it (`didSet`), and the
/// storage sits behind a lock of its own, so that ThreadSanitizer judges Strata, not the
/// model.
///
/// A change made after ``gateNextChange()`` waits, between its announcement and its store, up
/// to 200 ms for a handler to report a call (``noteCall()``): a delivery that runs as soon as
/// Observation announces the change then reads the old value every time, where, scheduled at
/// once on another thread, it would do so only when it wins the race with the store.
final class LockedSettings: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let stored = Locked(0)
    private let gated = Locked(false)
    private let announcing = Locked(false)
    private let callsWhileAnnouncing = DispatchSemaphore(value: 0)

    var theme: Int {
        get {
            registrar.access(self, keyPath: \.theme)
            return stored.withLock { $0 }
        }
        set {
            registrar.willSet(self, keyPath: \.theme)
            if gated.withLock({ $0 }) {
                gated.withLock { $0 = false }
                announcing.withLock { $0 = true }
                _ = callsWhileAnnouncing.wait(timeout: .now() + .milliseconds(200))
                announcing.withLock { $0 = false }
            }
            stored.withLock { $0 = newValue }
            registrar.didSet(self, keyPath: \.theme)
        }
    }

    /// Makes the next change wait for a handler's call between its announcement and its store.
    func gateNextChange() { gated.withLock { $0 = true } }

    /// Called by a handler: it ends the wait of a change announced and not stored yet.
    func noteCall() {
        if announcing.withLock({ $0 }) { callsWhileAnnouncing.signal() }
    }
}

/// The last value each of a number of handlers received, and a wait for all of them to
/// receive one value.
final class LastValues: Sendable {
    private let values: Locked<[Int]>
    private let reached = Arrivals()
    private let target: Int

    init(followers: Int, waitingFor target: Int) {
        values = Locked(Array(repeating: -1, count: followers))
        self.target = target
    }

    func record(_ value: Int, by follower: Int) {
        let first = values.withLock { values in
            defer { values[follower] = value }
            return value == target && values[follower] != target
        }
        if first { reached.arrive() }
    }

    /// Waits, off the main actor, until every follower received the target; `false` after
    /// ten seconds.
    func allReachTarget() async -> Bool {
        let count = values.withLock { $0.count }
        return await Task.detached { self.reached.wait(for: count) }.value
    }

    /// How many followers were left with another value.
    var stale: Int { values.withLock { $0.filter { $0 != target }.count } }
}

/// A tracking's handler ends with the model's latest value: a delivery reads after the
/// change is stored, although Observation announces it before.
@Suite("Tracking ends with the latest value", .serialized)
@MainActor
struct TrackingLatestValueTests {
    @Test(
        "by key path, a change on the main actor reaches the handler with the stored value",
        .timeLimit(.minutes(1)))
    func keyPathReadsAfterTheStore() async {
        let settings = LockedSettings()
        let dialog = TestApp().makeFeature()
        let values = LastValues(followers: 1, waitingFor: 1)
        dialog.track(\.theme, of: settings) {
            settings.noteCall()
            values.record($0, by: 0)
        }
        settings.gateNextChange()
        settings.theme = 1
        #expect(await values.allReachTarget())
        dialog.end()
    }

    @Test(
        "by closure, a change on the main actor reaches the handler with the stored value",
        .timeLimit(.minutes(1)))
    func closureReadsAfterTheStore() async {
        let settings = LockedSettings()
        let dialog = TestApp().makeFeature()
        let values = LastValues(followers: 1, waitingFor: 1)
        dialog.track {
            settings.theme
        } onChange: {
            settings.noteCall()
            values.record($0, by: 0)
        }
        settings.gateNextChange()
        settings.theme = 1
        #expect(await values.allReachTarget())
        dialog.end()
    }

    @Test(
        "400 key-path followers of a model changed 1,000 times on the main actor all end with the last value",
        .timeLimit(.minutes(1)))
    func keyPathFanOut() async {
        let settings = LockedSettings()
        let feature = TestApp().makeFeature()
        let values = LastValues(followers: 400, waitingFor: 1_000)
        let dialogs = (0..<400).map { _ in feature.makeInteraction() }
        for (follower, dialog) in dialogs.enumerated() {
            dialog.track(\.theme, of: settings) {
                settings.noteCall()
                values.record($0, by: follower)
            }
        }
        for theme in 1..<1_000 { settings.theme = theme }
        settings.gateNextChange()
        settings.theme = 1_000
        #expect(await values.allReachTarget(), "\(values.stale) of 400 followers were stale")
        for dialog in dialogs { dialog.end() }
    }

    @Test(
        "400 closure followers of a model changed 1,000 times on the main actor all end with the last value",
        .timeLimit(.minutes(1)))
    func closureFanOut() async {
        let settings = LockedSettings()
        let feature = TestApp().makeFeature()
        let values = LastValues(followers: 400, waitingFor: 1_000)
        let dialogs = (0..<400).map { _ in feature.makeInteraction() }
        for (follower, dialog) in dialogs.enumerated() {
            dialog.track {
                settings.theme
            } onChange: {
                settings.noteCall()
                values.record($0, by: follower)
            }
        }
        for theme in 1..<1_000 { settings.theme = theme }
        settings.gateNextChange()
        settings.theme = 1_000
        #expect(await values.allReachTarget(), "\(values.stale) of 400 followers were stale")
        for dialog in dialogs { dialog.end() }
    }

    @Test(
        "400 main-actor followers, by key path and by closure, end with the last value",
        .timeLimit(.minutes(1)))
    func mainActorFanOut() async {
        let settings = LockedSettings()
        let feature = TestApp().makeFeature()
        let values = LastValues(followers: 400, waitingFor: 1_000)
        let dialogs = (0..<400).map { _ in feature.makeInteraction() }
        for follower in 0..<200 {
            dialogs[follower].trackOnMainActor(\.theme, of: settings) {
                settings.noteCall()
                values.record($0, by: follower)
            }
            dialogs[200 + follower].trackOnMainActor {
                settings.theme
            } onChange: {
                settings.noteCall()
                values.record($0, by: 200 + follower)
            }
        }
        for theme in 1..<1_000 { settings.theme = theme }
        settings.gateNextChange()
        settings.theme = 1_000
        #expect(await values.allReachTarget(), "\(values.stale) of 400 followers were stale")
        for dialog in dialogs { dialog.end() }
    }
}
