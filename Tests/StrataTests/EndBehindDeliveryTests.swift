import Dispatch
import Foundation
import Strata
import Testing

/// A thread of the test's own that runs the blocks given to it one at a time: it stands for
/// the UI thread, which `DispatchQueue.main.sync` waits on (on Linux, that call may run its
/// block inline when nothing drains the main queue, which would hide a wait).
final class StandInThread: Sendable {
    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [self] in
            while true {
                ready.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job()
            }
        }
    }

    /// Runs `body` on the thread and waits for it to return: a wait Strata cannot see.
    func sync(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        jobs.withLock {
            $0.append {
                body()
                done.signal()
            }
        }
        ready.signal()
        done.wait()
    }
}

/// A serial executor for tasks whose queue a handler can wait on, as a handler waits on the
/// main queue with `DispatchQueue.main.sync`.
final class QueueExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "QueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The end of a container never blocks on a delivery running on another thread: it hands its
/// remaining steps to that delivery's return.
@Suite("An end behind a delivery on another thread")
struct EndBehindDeliveryTests {
    @Test(
        "a handler that ends its container on the UI thread and waits for it does not deadlock",
        .timeLimit(.minutes(1)))
    func handlerEndsItsContainerOnTheUIThread() async {
        await #expect(processExitsWith: .success) {
            exitIfStuck("an end on the UI thread behind its handler") {
                DeliveryEndScenarios.handlerEndsItsContainerOnTheUIThread()
            }
        }
    }

    @Test(
        "a handler that waits for the queue of an awaited end of its container does not deadlock",
        .timeLimit(.minutes(1)))
    func handlerWaitsForAnAwaitedEnd() async {
        await #expect(processExitsWith: .success) {
            exitIfStuck("an awaited end behind its handler") {
                DeliveryEndScenarios.handlerWaitsForAnAwaitedEnd()
            }
        }
    }
}

enum DeliveryEndScenarios {
    /// A tracking's handler, on a delivery thread, ends its dialog on the UI thread and waits
    /// for that: the end returns with the dialog still ending, and the handler's return runs
    /// the rest of it.
    static func handlerEndsItsContainerOnTheUIThread() {
        let ui = StandInThread()
        let dialog = TestApp().makeFeature()
        let status = Observed(0)
        let report = Locked<EndReport?>(nil)
        let returned = DispatchSemaphore(value: 0)
        let hookRan = DispatchSemaphore(value: 0)
        dialog.onEnd { _ in hookRan.signal() }
        dialog.track {
            status.value
        } onChange: { _ in
            ui.sync { report.withLock { $0 = dialog.end() } }
            returned.signal()
        }
        status.value = 1
        // Unbounded: on a deadlock the stuck check ends the process.
        returned.wait()
        hookRan.wait()
        let stillEnding = report.withLock { $0?.stillEnding.map(\.description) }
        exitUnless(
            stillEnding?.count == 1, status: 89,
            "end() reported \(String(describing: stillEnding)) still ending")
    }

    /// A tracking's handler waits for the queue an awaited end of its container runs on,
    /// once that end is queued before it: the end awaits the handler's return without
    /// holding the queue.
    static func handlerWaitsForAnAwaitedEnd() {
        let executor = QueueExecutor()
        let dialog = TestApp().makeFeature()
        let status = Observed(0)
        let inHandler = DispatchSemaphore(value: 0)
        let endQueued = DispatchSemaphore(value: 0)
        let returned = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let report = Locked<EndReport?>(nil)
        dialog.track {
            status.value
        } onChange: { _ in
            inHandler.signal()
            endQueued.wait()
            executor.queue.sync {}
            returned.signal()
        }
        status.value = 1
        inHandler.wait()
        // A task's first job is enqueued as the task is made: the handler's wait on the
        // queue comes after it.
        Task(executorPreference: executor) {
            let whole = await dialog.endAndWait()
            report.withLock { $0 = whole }
            ended.signal()
        }
        endQueued.signal()
        // Unbounded: on a deadlock the stuck check ends the process.
        returned.wait()
        ended.wait()
        let endedNames = report.withLock { $0?.ended.map(\.description) }
        exitUnless(
            endedNames?.count == 1, status: 89,
            "endAndWait reported \(String(describing: endedNames)) ended")
    }
}
