import Strata
import Testing

/// What an awaited end starts: one task for all of a container's async end work, none when
/// there is nothing async, and no grace wait for what died with that work (issue #38).
@Suite("What an awaited end starts")
struct AwaitedEndCostTests {
    /// Records the task each hook runs in.
    final class Tasks: Sendable {
        private let seen = Locked<[Int]>([])

        func record() {
            let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
            seen.withLock { $0.append(task) }
        }

        var all: [Int] { seen.withLock { $0 } }
    }

    final class Flushed: AsyncScopeBound {
        let tasks: Tasks
        init(tasks: Tasks) { self.tasks = tasks }
        func scopeDidEnd() async {
            await Task.yield()
            tasks.record()
        }
    }

    @Test("all of a container's async hooks and AsyncScopeBound instances run in one task")
    func oneTaskForAllAsyncWork() async {
        final class Session: Container {
            let scope = AppScope()
            let tasks = Tasks()
            var first: Provider<Flushed> { shared { Flushed(tasks: self.tasks) } }
            var second: Provider<Flushed> { shared { Flushed(tasks: self.tasks) } }
        }
        let session = Session()
        _ = session.first()
        for _ in 0..<3 {
            session.onEnd {
                await Task.yield()
                session.tasks.record()
            }
        }
        _ = session.second()
        let caller = withUnsafeCurrentTask { $0?.hashValue }
        let report = await session.endAndWait()
        #expect(report.overran.isEmpty)
        let tasks = session.tasks.all
        #expect(tasks.count == 5)
        #expect(Set(tasks).count == 1, "the async end work ran in \(Set(tasks).count) tasks")
        #expect(tasks.first != caller, "the async end work ran in the caller's task")
    }

    @Test("an awaited end with nothing async runs in the caller's task")
    func nothingAsyncStartsNoTask() async {
        final class Form: Container {
            let scope = AppScope()
            let tasks = Tasks()
        }
        let form = Form()
        form.onEnd { form.tasks.record() }
        let caller = withUnsafeCurrentTask { $0?.hashValue }
        await form.endAndWait()
        #expect(form.tasks.all == [caller ?? 0])
    }

    /// The lease is alive at the end only in its own `scopeDidEnd()`, which `end()` starts
    /// and does not await: once that returns, nothing holds it, and the verdict needs no
    /// grace period.
    @Test("a judgement whose instances died with the end's work is given without the grace")
    func deadWithTheWorkNeedsNoGrace() async {
        final class Request: Container {
            let scope = AppScope()
            let tasks = Tasks()
            var lease: Provider<Flushed> { shared { Flushed(tasks: self.tasks) } }
        }
        let request = Request()
        _ = request.lease()
        let report = request.end()
        #expect(report.watched.map(\.typeName) == ["Flushed"])
        let started = ContinuousClock.now
        let leaks = await report.leaks()
        #expect(leaks.isEmpty)
        #expect(ContinuousClock.now - started < Leak.defaultGrace)
    }
}
