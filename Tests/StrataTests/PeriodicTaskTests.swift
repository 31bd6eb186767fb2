import Strata
import Testing

/// `task(every:)`: work that returns to its container again and again holds it only while
/// it runs.
@Suite("A periodic task")
struct PeriodicTaskTests {
    @Test(
        "a session let go without end() is released while its periodic task runs, and the task stops",
        .timeLimit(.minutes(1)))
    func releasedSessionStopsItsTask() async {
        let app = TestApp()
        let (runs, ran) = AsyncStream<Void>.makeStream()
        var session: TestSession? = app.makeSession()
        weak let released = session
        let task = session!.task(every: .milliseconds(5)) { session in
            _ = session.user()
            ran.yield()
        }
        var iterator = runs.makeAsyncIterator()
        _ = await iterator.next()
        _ = await iterator.next()
        session = nil
        // Returns only once the task stopped: the release ended the session.
        await task.value
        #expect(released == nil)
        #expect(app.tree.children.isEmpty)
    }

    @Test(
        "the container's end stops a periodic task, also during its sleep", .timeLimit(.minutes(1)))
    func endStopsTheTask() async {
        let app = TestApp()
        let session = app.makeSession()
        let (runs, ran) = AsyncStream<Void>.makeStream()
        let task = session.task(every: .seconds(3_600)) { _ in ran.yield() }
        var iterator = runs.makeAsyncIterator()
        _ = await iterator.next()
        session.end()
        await task.value
        #expect(!session.isActive)
    }

    @Test(
        "a periodic task started on an ended container never runs its body", .timeLimit(.minutes(1))
    )
    func endedContainerNeverRuns() async {
        let session = TestApp().makeSession()
        session.end()
        let ran = Counter()
        await session.task(every: .milliseconds(1)) { _ in _ = ran.next() }.value
        #expect(ran.value == 0)
    }
}
