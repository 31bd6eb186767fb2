import Dispatch
import Foundation
import Observation
import Strata
import Synchronization
import Testing

/// An app-lifetime `@Observable` model that any thread may read and change.
///
/// Each property is stored behind a lock, and Observation is told of a change after the new
/// value is stored, as ``Observed`` does: a delivery on another thread reads the new value.
@Observable
final class AppSettings: Sendable {
    @ObservationIgnored private let storedTheme = Locked(0)
    @ObservationIgnored private let storedAccount: Locked<Account>

    init(account: Account = Account(name: "first")) {
        storedAccount = Locked(account)
    }

    var theme: Int {
        get {
            access(keyPath: \.theme)
            return storedTheme.withLock { $0 }
        }
        set {
            storedTheme.withLock { $0 = newValue }
            withMutation(keyPath: \.theme) {}
        }
    }

    var account: Account {
        get {
            access(keyPath: \.account)
            return storedAccount.withLock { $0 }
        }
        set {
            storedAccount.withLock { $0 = newValue }
            withMutation(keyPath: \.account) {}
        }
    }
}

/// A model the app's settings lead to: a key path through both follows both.
@Observable
final class Account: Sendable {
    @ObservationIgnored private let storedName: Locked<String>

    init(name: String) { storedName = Locked(name) }

    var name: String {
        get {
            access(keyPath: \.name)
            return storedName.withLock { $0 }
        }
        set {
            storedName.withLock { $0 = newValue }
            withMutation(keyPath: \.name) {}
        }
    }
}

@Suite("Tracking a property by key path")
struct PropertyTrackingTests {
    @Test("each change reaches the handler once, with the new value", .timeLimit(.minutes(1)))
    func eachChange() {
        let settings = AppSettings()
        let feature = TestApp().makeFeature()
        let calls = Calls<Int>()
        feature.track(\.theme, of: settings) { calls.record($0) }
        for theme in 1...100 {
            settings.theme = theme
            #expect(calls.wait())
        }
        #expect(calls.all == Array(1...100))
        feature.end()
    }

    @Test("initial: true calls the handler with the current value before track returns")
    func currentValueFirst() {
        let settings = AppSettings()
        settings.theme = 7
        let app = TestApp()
        let calls = Calls<Int>()
        app.track(initial: true, \.theme, of: settings) { calls.record($0) }
        #expect(calls.all == [7])
        app.end()
    }

    @Test(
        "every container that follows the property gets each change; one that ended gets none",
        .timeLimit(.minutes(1)))
    func everyFollowerGetsTheChange() {
        let settings = AppSettings()
        let feature = TestApp().makeFeature()
        let forms = (0..<3).map { _ in feature.makeInteraction() }
        let calls = forms.map { _ in Calls<Int>() }
        for (form, calls) in zip(forms, calls) {
            form.track(\.theme, of: settings) { calls.record($0) }
        }
        forms[1].end()
        settings.theme = 1
        #expect(calls[0].wait())
        #expect(calls[2].wait())
        #expect(calls.map(\.all) == [[1], [], [1]])
        let observation = PropertyObservation.existing(
            of: settings, \AppSettings.theme, delivering: .deliveryThread)
        #expect(observation?.followerCount == 2)
        for form in forms { form.end() }
    }

    @Test(
        "a container that starts following after a change gets the changes after it",
        .timeLimit(.minutes(1)))
    func followerAfterAChange() {
        let settings = AppSettings()
        let feature = TestApp().makeFeature()
        let first = Calls<Int>()
        let firstForm = feature.makeInteraction()
        firstForm.track(\.theme, of: settings) { first.record($0) }
        settings.theme = 1
        #expect(first.wait())
        let second = Calls<Int>()
        let secondForm = feature.makeInteraction()
        secondForm.track(\.theme, of: settings) { second.record($0) }
        settings.theme = 2
        #expect(first.wait())
        #expect(second.wait())
        #expect(first.all == [1, 2])
        #expect(second.all == [2])
        firstForm.end()
        secondForm.end()
    }

    @Test(
        "a key path through the model follows what it passes: the model and the one it reaches",
        .timeLimit(.minutes(1)))
    func keyPathThroughTheModel() {
        let settings = AppSettings()
        let app = TestApp()
        let calls = Calls<String>()
        app.track(\.account.name, of: settings) { calls.record($0) }
        settings.account.name = "renamed"
        #expect(calls.wait())
        settings.account = Account(name: "second")
        #expect(calls.wait())
        #expect(calls.all == ["renamed", "second"])
        app.end()
    }

    @Test(
        "changes made while the handler runs are coalesced into one more call with the latest value",
        .timeLimit(.minutes(1)))
    func coalescesChangesDuringHandler() {
        let settings = AppSettings()
        let app = TestApp()
        let calls = Calls<Int>()
        let inHandler = Arrivals()
        let release = DispatchSemaphore(value: 0)
        app.track(\.theme, of: settings) { theme in
            if theme == 1 {
                inHandler.arrive()
                _ = release.wait(timeout: .now() + .seconds(10))
            }
            calls.record(theme)
        }
        settings.theme = 1
        #expect(inHandler.wait(for: 1))
        for theme in 2...4 { settings.theme = theme }
        release.signal()
        #expect(calls.wait(for: 2))
        settings.theme = 5
        #expect(calls.wait())
        #expect(calls.all == [1, 4, 5])
        app.end()
    }

    @Test(
        "after end() returns the handler never runs, even with changes racing on another thread",
        .timeLimit(.minutes(1)))
    func noHandlerAfterEndUnderRace() {
        let settings = AppSettings()
        let feature = TestApp().makeFeature()
        for _ in 0..<20 {
            let form = feature.makeInteraction()
            let endReturned = Atomic<Bool>(false)
            let endCalled = Atomic<Bool>(false)
            let lateCalls = Atomic<Int>(0)
            let delivered = Arrivals()
            form.track(\.theme, of: settings) { _ in
                if endReturned.load(ordering: .sequentiallyConsistent) {
                    lateCalls.add(1, ordering: .relaxed)
                }
                delivered.arrive()
            }
            let barrier = Barrier(parties: 2)
            let finished = onThreads(2) { worker in
                guard barrier.arriveAndWait() else { return }
                if worker == 0 {
                    var extra = 0
                    while extra < 500 {
                        settings.theme += 1
                        if endCalled.load(ordering: .sequentiallyConsistent) { extra += 1 }
                    }
                } else {
                    _ = delivered.wait(for: 1)
                    // A call begun on another thread is not waited for: the form is still
                    // ending until it returns. An end that finished leaves no call running.
                    let finished = form.end().stillEnding.isEmpty
                    if finished { endReturned.store(true, ordering: .sequentiallyConsistent) }
                    endCalled.store(true, ordering: .sequentiallyConsistent)
                }
            }
            #expect(finished)
            #expect(lateCalls.load(ordering: .relaxed) == 0)
        }
        feature.end()
    }

    @Test(
        "containers that start following on many threads while the property changes all get the last change",
        .tags(.stress), .timeLimit(.minutes(1)))
    func startsRacingChanges() {
        let settings = AppSettings()
        let feature = TestApp().makeFeature()
        let threads = 4
        let perThread = 50
        let forms = Locked<[TestInteraction]>([])
        let sawLast = Arrivals()
        let barrier = Barrier(parties: threads + 1)
        let started = onThreads(threads + 1) { worker in
            guard barrier.arriveAndWait() else { return }
            guard worker < threads else {
                for theme in 1...200 { settings.theme = theme }
                return
            }
            for _ in 0..<perThread {
                let form = feature.makeInteraction()
                let seen = Atomic<Bool>(false)
                form.track(\.theme, of: settings) { theme in
                    if theme == -1, !seen.exchange(true, ordering: .relaxed) { sawLast.arrive() }
                }
                forms.withLock { $0.append(form) }
            }
        }
        #expect(started)
        // Every tracking has started: each is armed, so the last change reaches all of them.
        settings.theme = -1
        #expect(sawLast.wait(for: threads * perThread))
        for form in forms.withLock({ $0 }) { form.end() }
    }
}

@Suite("Tracking a property by key path on the main actor")
@MainActor
struct MainActorPropertyTrackingTests {
    @Test("a change reaches the handler on the main actor", .timeLimit(.minutes(1)))
    func deliversOnMainActor() async {
        let viewModel = StatusViewModel()
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: (Status, Bool).self)
        app.trackOnMainActor(\.status, of: viewModel) { status in
            continuation.yield((status, isOnMainQueue()))
        }
        viewModel.status = .editing
        var iterator = values.makeAsyncIterator()
        let delivered = await iterator.next()
        #expect(delivered?.0 == .editing)
        #expect(delivered?.1 == true)
        app.end()
    }

    @Test("initial: true renders the current status before trackOnMainActor returns")
    func currentValueFirst() {
        let viewModel = StatusViewModel()
        viewModel.status = .saved
        let app = TestApp()
        let calls = Locked<[Status]>([])
        app.trackOnMainActor(initial: true, \.status, of: viewModel) { status in
            calls.withLock { $0.append(status) }
        }
        #expect(calls.withLock { $0 } == [.saved])
        app.end()
    }

    @Test(
        "an Observed stored in the view model is followed through the key path, changed off the main actor",
        .timeLimit(.minutes(1)))
    func followsAnObservedInTheModel() async {
        let viewModel = SharedStatusViewModel()
        let status = viewModel.status
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: (Status, Bool).self)
        app.trackOnMainActor(\.status.value, of: viewModel) { value in
            continuation.yield((value, isOnMainQueue()))
        }
        #expect(onThreads(1) { _ in status.value = .editing })
        var iterator = values.makeAsyncIterator()
        let delivered = await iterator.next()
        #expect(delivered?.0 == .editing)
        #expect(delivered?.1 == true)
        app.end()
    }

    @Test(
        "a main-actor delivery scheduled before end() does not run after it",
        .timeLimit(.minutes(1)))
    func noDeliveryAfterEnd() async {
        let viewModel = StatusViewModel()
        let app = TestApp()
        let calls = Locked<[Status]>([])
        app.trackOnMainActor(\.status, of: viewModel) { status in
            calls.withLock { $0.append(status) }
        }
        viewModel.status = .editing
        app.end()
        await Task { @MainActor in }.value
        #expect(calls.withLock { $0 }.isEmpty)
    }
}
