import Dispatch
import Foundation
import Observation
import Strata
import Synchronization
import Testing

/// A main-actor view model of the shape app teams write: a stored status enum.
@MainActor
@Observable
final class StatusViewModel {
    var status = Status.idle
}

/// A main-actor view model that keeps a status set by repositories on any thread.
@MainActor
@Observable
final class SharedStatusViewModel {
    let status = Observed(Status.idle)
}

/// Records each call of a tracking handler and lets the test wait for them.
final class Calls<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    private let arrivals = Arrivals()

    func record(_ value: Value) {
        values.withLock { $0.append(value) }
        arrivals.arrive()
    }

    var all: [Value] { values.withLock { $0 } }

    /// Waits for `count` more calls; `false` after thirty seconds (see ``Arrivals``).
    func wait(for count: Int = 1) -> Bool { arrivals.wait(for: count) }
}

@Suite("Scope-bound tracking")
struct TrackingTests {
    @Test(
        "tracking calls the handler once with each new value across many changes",
        .timeLimit(.minutes(1)))
    func manyChanges() {
        let counter = Observed(0)
        let feature = TestApp().makeFeature()
        let calls = Calls<Int>()
        let subscription = feature.track {
            counter.value
        } onChange: {
            calls.record($0)
        }
        for value in 1...200 {
            counter.value = value
            // Each change is delivered before the next is made: nothing to coalesce.
            #expect(calls.wait())
        }
        #expect(calls.all == Array(1...200))
        feature.end()
        #expect(!subscription.isInEffect)
    }

    @Test("initial: true calls the handler with the current value before track returns")
    func currentValueFirst() {
        let counter = Observed(7)
        let app = TestApp()
        let calls = Calls<Int>()
        app.track(initial: true) {
            counter.value
        } onChange: {
            calls.record($0)
        }
        #expect(calls.all == [7])
    }

    @Test(
        "changes made while the handler runs are coalesced into one more call with the latest value",
        .timeLimit(.minutes(1)))
    func coalescesChangesDuringHandler() {
        let counter = Observed(0)
        let app = TestApp()
        let calls = Calls<Int>()
        let inHandler = Arrivals()
        let release = DispatchSemaphore(value: 0)
        app.track {
            counter.value
        } onChange: { value in
            if value == 1 {
                inHandler.arrive()
                _ = release.wait(timeout: .now() + .seconds(10))
            }
            calls.record(value)
        }
        counter.value = 1
        #expect(inHandler.wait(for: 1))
        for value in 2...4 { counter.value = value }
        release.signal()
        #expect(calls.wait(for: 2))
        counter.value = 5
        #expect(calls.wait())
        #expect(calls.all == [1, 4, 5])
    }

    @Test(
        "after end() returns the handler never runs, even with changes racing on another thread",
        .timeLimit(.minutes(1)))
    func noHandlerAfterEndUnderRace() {
        for _ in 0..<20 {
            let counter = Observed(0)
            let form = TestApp().makeFeature().makeInteraction()
            let endReturned = Atomic<Bool>(false)
            let endCalled = Atomic<Bool>(false)
            let lateCalls = Atomic<Int>(0)
            let delivered = Arrivals()
            form.track {
                counter.value
            } onChange: { _ in
                if endReturned.load(ordering: .sequentiallyConsistent) {
                    lateCalls.add(1, ordering: .relaxed)
                }
                delivered.arrive()
            }
            let barrier = Barrier(parties: 2)
            let finished = onThreads(2) { worker in
                guard barrier.arriveAndWait() else { return }
                if worker == 0 {
                    // Changes before, during and after the end.
                    var extra = 0
                    while extra < 500 {
                        counter.withValue { $0 += 1 }
                        if endCalled.load(ordering: .sequentiallyConsistent) { extra += 1 }
                    }
                } else {
                    // End while deliveries are under way.
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
    }

    @Test(
        "a tracking whose token is dropped runs until its container ends, then is released",
        .timeLimit(.minutes(1)))
    func droppedTokenRunsUntilEnd() async {
        let counter = Observed(0)
        let feature = TestApp().makeFeature()
        let calls = Calls<Int>()
        weak var released: Service?
        do {
            let captured = Service()
            released = captured
            feature.track {
                counter.value
            } onChange: { value in
                _ = captured
                calls.record(value)
            }
        }
        counter.value = 1
        #expect(calls.wait())
        #expect(released != nil)
        // Awaited: the call that recorded 1 may still be returning on its delivery thread.
        _ = await feature.endAndWait()
        #expect(released == nil)
        #expect(calls.all == [1])
    }

    @Test(
        "a handler that changes what it tracks is called again after it returns, never nested",
        .timeLimit(.minutes(1)))
    func handlerChangingItsModel() {
        let counter = Observed(0)
        let app = TestApp()
        let calls = Calls<Int>()
        let depth = Atomic<Int>(0)
        let deepest = Atomic<Int>(0)
        app.track(initial: true) {
            counter.value
        } onChange: { value in
            let now = depth.wrappingAdd(1, ordering: .relaxed).newValue
            deepest.max(now, ordering: .relaxed)
            if value < 3 { counter.value = value + 1 }
            calls.record(value)
            depth.subtract(1, ordering: .relaxed)
        }
        // The call for 0 ran before track returned; it and the calls for 1 and 2 each set
        // the next value, and the call for 3 sets nothing: the chain settles.
        #expect(calls.wait(for: 4))
        counter.value = 10
        #expect(calls.wait())
        #expect(calls.all == [0, 1, 2, 3, 10])
        #expect(deepest.load(ordering: .relaxed) == 1)
    }

    @Test("a handler that captures a shorter-lived model strongly makes it a survivor")
    func strongCaptureIsASurvivor() {
        final class Form: Container {
            let scope: InteractionScope<TestFeature>
            let status: Observed<Status>
            init(parent: TestFeature, status: Observed<Status>) {
                self.status = status
                scope = InteractionScope(parent: parent)
            }
            var model: Provider<FormModel> {
                shared {
                    let model = FormModel()
                    // Tied to the feature, which outlives the form: the model leaks.
                    self.parent.track {
                        self.status.value
                    } onChange: { _ in
                        _ = model
                    }
                    return model
                }
            }
        }
        let feature = TestApp().makeFeature()
        let form = Form(parent: feature, status: Observed(Status.idle))
        _ = form.model()
        let report = form.end()
        #expect(report.watched.map(\.provider.description) == ["Form.model"])
        // The feature's end lets it go.
        #expect(feature.end().watched.isEmpty)
    }

    @Test("tracking in an ended container never calls the handler")
    func trackInEndedContainer() {
        let counter = Observed(0)
        let app = TestApp()
        app.end()
        let calls = Calls<Int>()
        let subscription = app.track(initial: true) {
            counter.value
        } onChange: {
            calls.record($0)
        }
        #expect(!subscription.isInEffect)
        #expect(calls.all.isEmpty)
    }
}

/// Whether the caller runs on the main dispatch queue, the main actor's executor.
///
/// Asks the queue, not the thread: under the test runner on Linux the main queue's jobs need
/// not run on the process's first thread.
func isOnMainQueue() -> Bool {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey = DispatchSpecificKey<Bool>()

@Suite("Scope-bound tracking on the main actor")
@MainActor
struct MainActorTrackingTests {
    @Test("main-actor tracking delivers a change on the main actor", .timeLimit(.minutes(1)))
    func deliversOnMainActor() async {
        let viewModel = StatusViewModel()
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: (Status, Bool).self)
        app.trackOnMainActor {
            viewModel.status
        } onChange: { status in
            continuation.yield((status, isOnMainQueue()))
        }
        viewModel.status = .editing
        var iterator = values.makeAsyncIterator()
        let delivered = await iterator.next()
        #expect(delivered?.0 == .editing)
        #expect(delivered?.1 == true)
        app.end()
    }

    @Test(
        "a change made off the main actor reaches the handler on the main actor",
        .timeLimit(.minutes(1)))
    func changeOffMainActorHops() async {
        let status = Observed(Status.idle)
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: (Status, Bool).self)
        app.trackOnMainActor {
            status.value
        } onChange: { value in
            continuation.yield((value, isOnMainQueue()))
        }
        #expect(onThreads(1) { _ in status.value = .saved })
        var iterator = values.makeAsyncIterator()
        let delivered = await iterator.next()
        #expect(delivered?.0 == .saved)
        #expect(delivered?.1 == true)
        app.end()
    }

    @Test(
        "an @Observable view model storing an Observed is followed through it",
        .timeLimit(.minutes(1)))
    func tracksObservableStoringObserved() async {
        let viewModel = SharedStatusViewModel()
        let status = viewModel.status
        let app = TestApp()
        let (values, continuation) = AsyncStream.makeStream(of: Status.self)
        app.trackOnMainActor {
            viewModel.status.value
        } onChange: {
            continuation.yield($0)
        }
        #expect(onThreads(1) { _ in status.value = .editing })
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == .editing)
        app.end()
    }

    @Test(
        "a main-actor delivery scheduled before end() does not run after it",
        .timeLimit(.minutes(1)))
    func noMainActorDeliveryAfterEnd() async {
        let viewModel = StatusViewModel()
        let app = TestApp()
        let calls = Locked<[Status]>([])
        app.trackOnMainActor {
            viewModel.status
        } onChange: { status in
            calls.withLock { $0.append(status) }
        }
        // Schedules a main-actor delivery that cannot run before this turn ends.
        viewModel.status = .editing
        app.end()
        // Runs after the scheduled delivery: the main actor runs its jobs in order.
        await Task { @MainActor in }.value
        #expect(calls.withLock { $0 }.isEmpty)
    }

    @Test("main-actor tracking initial: true renders the current status first")
    func mainActorCurrentValue() {
        let viewModel = StatusViewModel()
        viewModel.status = .saved
        let app = TestApp()
        let calls = Locked<[Status]>([])
        app.trackOnMainActor(initial: true) {
            viewModel.status
        } onChange: { status in
            calls.withLock { $0.append(status) }
        }
        #expect(calls.withLock { $0 } == [.saved])
        app.end()
    }
}
