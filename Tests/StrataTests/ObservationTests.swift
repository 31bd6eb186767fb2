import Dispatch
import Observation
import Strata
import Synchronization
import Testing

enum Status: Sendable, Equatable {
    case idle, editing, saved
}

/// A view model made in an interaction container, following an app-level status.
final class FormModel: Sendable {
    let subscription = Locked<Subscription?>(nil)
}

@Suite("Scope-bound observation")
struct ObservationTests {
    @Test("a handler installed in an interaction container stops firing when it ends")
    func handlerStopsAtEnd() {
        let status = Observed(Status.idle)
        let feature = TestApp().makeFeature()
        let form = feature.makeInteraction()
        let seen = Locked<[Status]>([])
        let subscription = status.observe(in: form) { value in seen.withLock { $0.append(value) } }

        status.value = .editing
        form.end()
        status.value = .saved

        #expect(seen.withLock { $0 } == [.editing])
        #expect(!subscription.isInEffect)
    }

    @Test(
        "after end() returns no handler of that container starts, even with changes on another thread",
        .tags(.stress), .timeLimit(.minutes(1)))
    func noHandlerAfterEndUnderRace() {
        for _ in 0..<50 {
            let status = Observed(0)
            let form = TestApp().makeFeature().makeInteraction()
            let endReturned = Atomic<Bool>(false)
            let handedOff = Atomic<Bool>(false)
            let lateCalls = Atomic<Int>(0)
            let subscription = status.observe(in: form) { _ in
                if endReturned.load(ordering: .sequentiallyConsistent) {
                    lateCalls.add(1, ordering: .relaxed)
                }
                spin(microseconds: 5)
            }
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                if worker == 0 {
                    spin(microseconds: 100)
                    let report = form.end()
                    handedOff.store(!report.stillEnding.isEmpty, ordering: .sequentiallyConsistent)
                    endReturned.store(true, ordering: .sequentiallyConsistent)
                } else {
                    for value in 0..<200 { status.value = value }
                }
            }
            // An end that found a handler running on another thread hands its rest to that
            // call's return and reports the container still ending: that one call may go on
            // past `end()`'s return; none starts after it.
            let allowed = handedOff.load(ordering: .sequentiallyConsistent) ? 1 : 0
            #expect(lateCalls.load(ordering: .relaxed) <= allowed)
            withExtendedLifetime(subscription) {}
        }
    }

    @Test("a subscription stops as the container's own steps begin, before any end hook")
    func subscriptionStopsAtItsPlace() {
        let status = Observed(0)
        let feature = TestApp().makeFeature()
        let log = EventLog()
        feature.onEnd { _ in
            log.record("older hook")
            status.value = 1
        }
        let subscription = status.observe(in: feature) { value in log.record("handler \(value)") }
        feature.onEnd { _ in
            log.record("newer hook")
            status.value = 2
        }

        feature.end()

        #expect(log.all == ["newer hook", "older hook"])
        withExtendedLifetime(subscription) {}
    }

    @Test("a tied subscription whose token is dropped runs until its container ends")
    func droppedTokenRunsUntilEnd() {
        let status = Observed(Status.idle)
        let feature = TestApp().makeFeature()
        let seen = Locked<[Status]>([])
        status.observe(in: feature) { value in seen.withLock { $0.append(value) } }
        status.value = .editing
        feature.end()
        status.value = .saved
        #expect(seen.withLock { $0 } == [.editing])
    }

    @Test("a single-fire tied subscription whose token is dropped still fires")
    func droppedSingleFireTokenFires() {
        let status = Observed(Status.idle)
        let app = TestApp()
        let count = Atomic<Int>(0)
        status.observe(in: app, once: true) { _ in count.add(1, ordering: .relaxed) }
        status.value = .editing
        status.value = .saved
        #expect(count.load(ordering: .relaxed) == 1)
    }

    @Test("an untied subscription whose token is dropped stops at once")
    func droppedUntiedTokenStops() {
        let status = Observed(Status.idle)
        let count = Atomic<Int>(0)
        _ = status.subscribe { _ in count.add(1, ordering: .relaxed) }
        status.value = .saved
        #expect(count.load(ordering: .relaxed) == 0)
    }

    @Test("ending the container releases a handler whose token was dropped")
    func droppedTokenHandlerReleasedAtEnd() {
        let status = Observed(Status.idle)
        let feature = TestApp().makeFeature()
        weak var released: Service?
        do {
            let captured = Service()
            released = captured
            status.observe(in: feature) { _ in _ = captured }
        }
        #expect(released != nil)
        feature.end()
        #expect(released == nil)
    }

    @Test("cancelling the token stops the handler before the container ends")
    func cancelledTokenStops() {
        let status = Observed(Status.idle)
        let app = TestApp()
        let count = Atomic<Int>(0)
        let subscription = status.observe(in: app) { _ in count.add(1, ordering: .relaxed) }
        status.value = .editing
        subscription.cancel()
        status.value = .saved
        #expect(count.load(ordering: .relaxed) == 1)
        #expect(app.isActive)
    }

    @Test("a single-fire subscription fires once")
    func singleFire() {
        let status = Observed(Status.idle)
        let app = TestApp()
        let seen = Locked<[Status]>([])
        let subscription = status.observe(in: app, once: true) { value in
            seen.withLock { $0.append(value) }
        }
        status.value = .editing
        status.value = .saved
        #expect(seen.withLock { $0 } == [.editing])
        #expect(!subscription.isInEffect)
    }

    @Test("a handler may set the value it observes and cancel itself")
    func reentrantHandler() {
        let status = Observed(0)
        let app = TestApp()
        let seen = Locked<[Int]>([])
        let holder = Locked<Subscription?>(nil)
        let subscription = status.observe(in: app) { value in
            seen.withLock { $0.append(value) }
            if value < 3 { status.value = value + 1 } else { holder.withLock { $0?.cancel() } }
        }
        holder.withLock { $0 = subscription }
        status.value = 1
        status.value = 10
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }

    @Test("ending the container releases a handler that captured its owner")
    func endBreaksCaptureCycle() {
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
                    let token = self.status.observe(in: self) { _ in _ = model }
                    model.subscription.withLock { $0 = token }
                    return model
                }
            }
        }
        let status = Observed(Status.idle)
        let form = Form(parent: TestApp().makeFeature(), status: status)
        _ = form.model()
        #expect(form.end().watched.isEmpty)
    }

    @Test(
        "a handler that captures its owner strongly in a longer-lived container shows in the survivors report"
    )
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
                    let token = self.status.observe(in: self.parent) { _ in _ = model }
                    model.subscription.withLock { $0 = token }
                    return model
                }
            }
        }
        let status = Observed(Status.idle)
        let feature = TestApp().makeFeature()
        let form = Form(parent: feature, status: status)
        _ = form.model()
        let report = form.end()
        #expect(report.watched.map(\.provider.description) == ["Form.model"])
    }
}

/// An `@Observable` view model that stores its status as an `Observed`.
@Observable
final class StoringViewModel {
    let status = Observed(Status.idle)
    var title = "form"
}

@Suite("Observed in the Observation framework")
struct ObservedObservationTests {
    @Test("withObservationTracking sees a change of Observed.value")
    func trackingSeesValue() {
        let status = Observed(Status.idle)
        let fired = Atomic<Int>(0)
        _ = withObservationTracking {
            status.value
        } onChange: {
            fired.add(1, ordering: .relaxed)
        }
        status.value = .editing
        #expect(fired.load(ordering: .relaxed) == 1)
    }

    @Test("onChange reads the new value: Observed tells Observation after storing it")
    func onChangeReadsNewValue() {
        let status = Observed(Status.idle)
        let readInOnChange = Locked<Status?>(nil)
        _ = withObservationTracking {
            status.value
        } onChange: {
            readInOnChange.withLock { $0 = status.value }
        }
        status.value = .saved
        #expect(readInOnChange.withLock { $0 } == .saved)
    }

    @Test("an @Observable view model storing an Observed is tracked through it")
    func observableStoringObservedIsTracked() {
        let viewModel = StoringViewModel()
        let fired = Atomic<Int>(0)
        _ = withObservationTracking {
            viewModel.status.value
        } onChange: {
            fired.add(1, ordering: .relaxed)
        }
        viewModel.status.value = .editing
        #expect(fired.load(ordering: .relaxed) == 1)
    }

    @Test(
        "withValue is atomic: increments from many threads add up exactly", .timeLimit(.minutes(1)))
    func withValueIsAtomic() {
        let counter = Observed(0)
        let notified = Atomic<Int>(0)
        let subscription = counter.subscribe { _ in notified.add(1, ordering: .relaxed) }
        let finished = onThreads(8) { _ in
            for _ in 0..<1000 { counter.withValue { $0 += 1 } }
        }
        #expect(finished)
        #expect(counter.value == 8000)
        #expect(notified.load(ordering: .relaxed) == 8000)
        withExtendedLifetime(subscription) {}
    }

    @Test("withValue that throws leaves the value unchanged and tells nobody")
    func withValueThrowing() {
        struct Refused: Error {}
        let counter = Observed(1)
        let notified = Atomic<Int>(0)
        let subscription = counter.subscribe { _ in notified.add(1, ordering: .relaxed) }
        #expect(throws: Refused.self) {
            try counter.withValue { value in
                value = 99
                throw Refused()
            }
        }
        #expect(counter.value == 1)
        #expect(notified.load(ordering: .relaxed) == 0)
        withExtendedLifetime(subscription) {}
    }
}

/// Suspends until the current task is cancelled: nothing else ends the wait.
func untilCancelled() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
    await withTaskCancellationHandler {
        for await _ in stream {}
    } onCancel: {
        continuation.finish()
    }
}

/// Waits for `task`; if the test itself is cancelled (its time limit ran out), cancels `task`
/// so that the wait ends.
func finish(_ task: Task<Void, Never>) async {
    await withTaskCancellationHandler {
        await task.value
    } onCancel: {
        task.cancel()
    }
}

@Suite("Scope-bound tasks")
struct ScopedTaskTests {
    @Test("a task started in a container is cancelled when it ends", .timeLimit(.minutes(1)))
    func taskCancelledAtEnd() async {
        let feature = TestApp().makeFeature()
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let task = feature.task {
            start.yield()
            await untilCancelled()
        }
        // Running before the end: not the path of a task that starts cancelled.
        for await _ in started { break }
        feature.end()
        // Only cancellation ends the task: without it this waits until the time limit.
        await finish(task)
        #expect(task.isCancelled)
    }

    @Test(
        "after cancellation a task cannot reach the ended container's instances",
        .timeLimit(.minutes(1)))
    func taskCannotResolveAfterEnd() async {
        let feature = TestApp().makeFeature()
        let outcome = Locked<String>("")
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let task = feature.task {
            start.yield()
            await untilCancelled()
            do {
                _ = try feature.screen.resolve()
                outcome.withLock { $0 = "resolved" }
            } catch {
                outcome.withLock { $0 = "ended" }
            }
        }
        for await _ in started { break }
        feature.end()
        await finish(task)
        #expect(outcome.withLock { $0 } == "ended")
    }

    @Test("a task started in an ended container starts cancelled", .timeLimit(.minutes(1)))
    func taskInEndedContainer() async {
        let feature = TestApp().makeFeature()
        feature.end()
        let wasCancelled = Atomic<Bool>(false)
        await feature.task { wasCancelled.store(Task.isCancelled, ordering: .relaxed) }.value
        let cancelled = wasCancelled.load(ordering: .relaxed)
        #expect(cancelled)
    }

    @Test(
        "a task is cancelled before every end hook, older or newer: hooks never run under live work",
        .timeLimit(.minutes(1)))
    func taskStopsBeforeTheHooks() async {
        let feature = TestApp().makeFeature()
        let holder = Locked<Task<Void, Never>?>(nil)
        let seen = Locked<[String]>([])
        let record: @Sendable (String) -> Void = { hook in
            let cancelled = holder.withLock { $0?.isCancelled ?? false }
            seen.withLock { $0.append("\(hook): cancelled \(cancelled)") }
        }
        feature.onEnd { _ in record("older hook") }
        let task = feature.task { await untilCancelled() }
        holder.withLock { $0 = task }
        feature.onEnd { _ in record("newer hook") }

        feature.end()

        #expect(
            seen.withLock { $0 } == [
                "newer hook: cancelled true", "older hook: cancelled true",
            ])
        await finish(task)
    }
}
