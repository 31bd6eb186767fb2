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

    /// Rounds of the two races below: on the old code, about half of them lost the race.
    static let rounds = 50

    @Test(
        "a main-actor body never runs on a container ended while its run waited for the main actor",
        .timeLimit(.minutes(1)))
    @MainActor func neverRunsOnAnEndedContainer() async {
        let app = TestApp()
        let ranEnded = Counter()
        for _ in 0..<Self.rounds {
            let session = app.makeSession()
            let task = session.task(every: .zero) { @MainActor session in
                if !session.isActive { _ = ranEnded.next() }
            }
            // Lets the loop go round a few times, then ends the session while the next run
            // is likely queued for the main actor.
            for _ in 0..<3 { await Task.yield() }
            session.end()
            await task.value
        }
        #expect(ranEnded.value == 0)
    }

    @Test(
        "a main-actor body's run waiting for the main actor does not keep its container",
        .timeLimit(.minutes(1)))
    @MainActor func runWaitingKeepsNothing() async {
        let app = TestApp()
        var kept = 0
        for _ in 0..<Self.rounds {
            var session: TestSession? = app.makeSession()
            weak let released = session
            let task = session!.task(every: .zero) { @MainActor _ in }
            for _ in 0..<3 { await Task.yield() }
            session = nil
            if released != nil { kept += 1 }
            await task.value
        }
        #expect(kept == 0)
        #expect(app.tree.children.isEmpty)
    }

    @Test(
        "a body started on the main actor runs there without saying so", .timeLimit(.minutes(1)))
    @MainActor func bodyInheritsTheMainActor() async {
        let session = TestApp().makeSession()
        // A synchronous call of a main-actor function: it compiles only in a main-actor body.
        let task = session.task(every: .seconds(3_600)) { session in
            MainActorRuns.record(session.isActive)
            session.end()
        }
        await task.value
        #expect(MainActorRuns.seen == [true])
    }
}

/// What a main-actor body saw, recorded by a synchronous main-actor call.
@MainActor enum MainActorRuns {
    static var seen: [Bool] = []
    static func record(_ active: Bool) { seen.append(active) }
}
