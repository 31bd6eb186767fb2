import Foundation
import Strata
import Testing

/// What an awaited end starts: one task for all of a container's async end work, none when
/// there is nothing async, and no grace wait for what died with that work (issue #38).
@Suite("What an awaited end starts")
struct AwaitedEndCostTests {
    /// Records the task each hook runs in.
    final class Tasks: Sendable {
        private let seen = Locked<[Int]>([])
        private let marks = Locked<[Bool]>([])

        func record() {
            let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
            seen.withLock { $0.append(task) }
        }

        var all: [Int] { seen.withLock { $0 } }

        /// Records whether each work runs in the task the first one marked.
        ///
        /// The first work marks its task by cancelling it: one task for all is marked at every
        /// record, where a task of its own for each would be fresh from the second on. An
        /// address may be reused once its task is gone; a cancelled task stays cancelled.
        func mark() {
            marks.withLock { marks in
                if marks.isEmpty { withUnsafeCurrentTask { $0?.cancel() } }
                marks.append(Task.isCancelled)
            }
        }

        var marked: [Bool] { marks.withLock { $0 } }
    }

    final class Flushed: AsyncScopeBound {
        let tasks: Tasks
        init(tasks: Tasks) { self.tasks = tasks }
        func scopeDidEnd() async {
            await Task.yield()
            tasks.mark()
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
            session.onEnd { _ in
                await Task.yield()
                session.tasks.mark()
            }
        }
        _ = session.second()
        // A deadline no loaded machine reaches: what is checked is where the work ran.
        let report = await session.endAndWait(within: .seconds(300))
        #expect(report.overran.isEmpty)
        #expect(session.tasks.marked == Array(repeating: true, count: 5))
        // The first work cancelled its own task: had that been the caller's, it would be
        // cancelled here.
        #expect(!Task.isCancelled, "the async end work ran in the caller's task")
    }

    @Test("an awaited end with nothing async runs in the caller's task")
    func nothingAsyncStartsNoTask() async {
        final class Form: Container {
            let scope = AppScope()
            let tasks = Tasks()
        }
        let form = Form()
        form.onEnd { _ in form.tasks.record() }
        let caller = withUnsafeCurrentTask { $0?.hashValue }
        await form.endAndWait()
        #expect(form.tasks.all == [caller ?? 0])
    }

    /// An awaited end with nothing to run ends quietly, as `end()` does; a later caller still
    /// gets the first caller's report, the instances it watched included.
    @Test("a quiet awaited end gives a later caller the same report, watched instances too")
    func quietAwaitedEndKeepsItsReport() async {
        final class Form: Container {
            let scope = AppScope()
            var service: Provider<Service> { shared { Service() } }
        }
        let form = Form()
        let kept = form.service()
        let first = await form.endAndWait()
        let second = await form.endAndWait()
        #expect(first.ended.map(\.typeName) == ["Form"])
        #expect(second.ended.map(\.typeName) == ["Form"])
        #expect(first.watched.map(\.typeName) == ["Service"])
        #expect(second.watched.map(\.typeName) == ["Service"])
        withExtendedLifetime(kept) {}
    }

    /// The lease is alive at the end only in its own `scopeDidEnd()`, which `end()` starts
    /// and does not await: once that returns, nothing holds it, and the verdict needs no
    /// grace period.
    ///
    /// In a process of its own: the verdict must come well within the two seconds of grace,
    /// and the parallel test run can hold up every task for longer than that.
    @Test(
        "a judgement whose instances died with the end's work is given without the grace",
        .timeLimit(.minutes(1)))
    func deadWithTheWorkNeedsNoGrace() async {
        await #expect(processExitsWith: .success) {
            final class Held: AsyncScopeBound {
                let gate = AsyncGate()
                func scopeDidEnd() async { await gate.wait() }
            }
            final class Request: Container {
                let scope = AppScope()
                var lease: Provider<Held> { shared { Held() } }
            }
            let request = Request()
            let gate = request.lease().gate
            let report = request.end()
            // Alive at the report, in the scopeDidEnd() that waits for the gate.
            guard report.watched.map(\.typeName) == ["Held"] else { exit(2) }
            gate.open()
            let started = ContinuousClock.now
            guard await report.leaks().isEmpty else { exit(3) }
            // The grace is two seconds: a verdict that waited it out is late by all of it.
            if ContinuousClock.now - started >= WatchedInstance.defaultGrace / 2 { exit(4) }
        }
    }
}

/// What an awaited end names the work it stopped waiting for: its text is made when read, and
/// two namings of the same work are equal and hash alike.
@Suite("The work an end names")
struct EndWorkNamingTests {
    @Test("overran work reads its place when asked, and equal work hashes alike")
    func namedWhenRead() async {
        final class Form: Container { let scope = AppScope() }
        let gate = AsyncGate()
        let form = Form()
        // Registered on two lines, so the two hooks are told apart by their place.
        form.onEnd { _ in await gate.wait() }
        form.onEnd { _ in await gate.wait() }
        let report = await form.endAndWait(within: .milliseconds(1))
        gate.open()
        let overran = report.overran
        #expect(overran.count == 2)
        #expect(
            overran.allSatisfy {
                $0.site?.location.hasPrefix("StrataTests/AwaitedEndCostTests.swift:") == true
            })
        #expect(
            overran.allSatisfy { $0.description.hasPrefix("onEnd hook registered at StrataTests/") }
        )
        #expect(overran[0] == overran[0])
        #expect(overran[0] != overran[1])
        #expect(Set(overran + overran).count == 2)
    }

    @Test(
        "work named at one place by different literals is equal, hashes alike and reads the same",
        .timeLimit(.minutes(1)))
    func samePlaceDifferentLiterals() async throws {
        final class Form: Container { let scope = AppScope() }
        let gate = AsyncGate()
        let form = Form()
        // One file and line, from the compiler's literals and from literals written by hand
        // with another path, as a helper that forwards its caller's place might give them.
        let line: UInt = #line + 1
        form.onEnd { _ in await gate.wait() }
        form.onEnd(
            fileID: "StrataTests/AwaitedEndCostTests.swift",
            filePath: "/elsewhere/StrataTests/AwaitedEndCostTests.swift", line: line
        ) { _ in await gate.wait() }
        form.onEnd(fileID: "StrataTests/AwaitedEndCostTests.swift", line: line + 1) { _ in
            await gate.wait()
        }
        let report = await form.endAndWait(within: .milliseconds(1))
        gate.open()
        let overran = report.overran
        try #require(overran.count == 3)
        let here = "StrataTests/AwaitedEndCostTests.swift"
        #expect(
            overran.map(\.site?.location) == [
                "\(here):\(line + 1)", "\(here):\(line)", "\(here):\(line)",
            ])
        #expect(overran[1] == overran[2])
        #expect(overran[1].hashValue == overran[2].hashValue)
        #expect(overran[0] != overran[1])
        #expect(Set(overran).count == 2)
    }
}
