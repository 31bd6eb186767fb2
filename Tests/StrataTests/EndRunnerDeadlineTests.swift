import Foundation
import Strata
import Synchronization
import TestPauses
import Testing

// The awaited end's one task for async end work (the end runner), its take-over at the
// deadline, and the shared deadline timer.
// Serialized: the two take-over tests start a child process each, a second copy of the test
// binary; run beside the timer's stress test on a loaded two-core machine, that stress test
// found every wait more than twenty seconds late.
@Suite("The end runner and deadlines", .serialized)
struct EndRunnerDeadlineTests {
    // A synchronous instance whose end blocks its thread for a while.
    final class Blocking: ScopeBound {
        let log: EventLog
        let duration: Duration
        init(log: EventLog, duration: Duration) {
            self.log = log
            self.duration = duration
        }
        func scopeDidEnd() {
            log.record("blocking begins")
            outlast(duration)
            log.record("blocking ends")
        }
    }

    /// The deadline of the two take-over tests.
    ///
    /// Long enough that the async hook before the blocking end finishes inside it on a loaded
    /// machine, so that the order is checked always. Each test runs in a process of its own:
    /// its end blocks a thread of the cooperative pool past this deadline, which in the test
    /// process starved the other suites' tasks.
    static let deadline = Duration.seconds(2)
    /// How long a synchronous end blocks: past the deadline, whenever it began.
    static let blockingPastDeadline = deadline + .milliseconds(500)

    final class Unit: Container {
        let scope = AppScope()
        let log = EventLog()
        var blocking: Provider<Blocking> {
            shared {
                Blocking(log: self.log, duration: EndRunnerDeadlineTests.blockingPastDeadline)
            }
        }
    }

    // End order, newest first: async hook `late` (suspends), the blocking instance, async
    // hook `after`, sync hook `last`. The deadline passes while the runner runs the blocking
    // instance's end: the caller takes over once it returns. Every step runs once, in order;
    // only `after`, reached past the deadline, may be overran.
    @Test("take-over while the runner runs a blocking synchronous end", .timeLimit(.minutes(1)))
    func takeOverWhileNotParked() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await ChildOutcome.report("take-over while not parked") {
                await EndRunnerDeadlineTests.whileNotParked()
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    /// The steps of ``takeOverWhileNotParked()``, in the child process: what went wrong.
    static func whileNotParked() async -> [String] {
        let unit = Unit()
        unit.onEnd { _ in unit.log.record("last") }
        unit.onEnd { _ in
            await Task.yield()
            unit.log.record("after")
        }
        _ = unit.blocking()
        unit.onEnd { _ in
            await Task.yield()
            unit.log.record("late")
        }
        let report = await unit.endAndWait(within: deadline)
        var found: [String] = []
        // `after` may still be running in its own task if it overran.
        if await !poll(until: { unit.log.all.contains("after") }) { found.append("no `after`") }
        let log = unit.log.all
        if Array(log.prefix(3)) != ["late", "blocking begins", "blocking ends"]
            || log.count != 5 || Set(log).count != 5
        {
            found.append("the steps ran as \(log)")
        }
        if !report.stillEnding.isEmpty { found.append("still ending: \(report.stillEnding)") }
        // `after`, reached past the deadline, is listed unless it finished at once.
        if report.overran.count > 1 || !report.overran.allSatisfy({ $0.origin == .hook }) {
            found.append("overran lists \(report.overran), not at most `after`")
        }
        if unit.isActive { found.append("the unit is active") }
        return found
    }

    // An instance whose end is both synchronous and async; the synchronous part blocks past
    // the deadline, in the runner.
    final class Dual: ScopeBound, AsyncScopeBound {
        let log: EventLog
        let cancelled = AsyncGate()
        init(log: EventLog) { self.log = log }
        func scopeDidEnd() {
            log.record("dual sync")
            outlast(EndRunnerDeadlineTests.blockingPastDeadline)
        }
        func scopeDidEnd() async {
            await untilCancelled()
            log.record("dual async cancelled: \(Task.isCancelled)")
            cancelled.open()
        }
    }

    final class Kept: Sendable {}

    final class Pair: Container {
        let scope = AppScope()
        let log = EventLog()
        var older: Provider<Kept> { shared { Kept() } }
        var dual: Provider<Dual> { shared { Dual(log: self.log) } }
        var newer: Provider<Kept> { shared { Kept() } }
    }

    // End order, newest first: async hook `first`, instance `newer` (followed by the runner),
    // `dual` (its synchronous end blocks in the runner past the deadline), sync hook
    // `after dual`, instance `older` (followed by the caller). The runner stops before
    // `dual`'s async end, which the caller starts and cancels and lists as overran; the
    // steps after it run once, in order; the instances, still held here, are all watched.
    @Test(
        "take-over between an instance's synchronous and async ends", .timeLimit(.minutes(1)))
    func takeOverBetweenAnInstancesTwoEnds() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await ChildOutcome.report("take-over between two ends") {
                await EndRunnerDeadlineTests.betweenAnInstancesTwoEnds()
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    /// The steps of ``takeOverBetweenAnInstancesTwoEnds()``, in the child process: what went
    /// wrong.
    static func betweenAnInstancesTwoEnds() async -> [String] {
        let unit = Pair()
        let older = unit.older()
        unit.onEnd { _ in unit.log.record("after dual") }
        let dual = unit.dual()
        let newer = unit.newer()
        unit.onEnd { _ in
            await Task.yield()
            unit.log.record("first")
        }
        let report = await unit.endAndWait(within: deadline)
        await dual.cancelled.wait()
        var found: [String] = []
        let log = unit.log.all
        if log.filter({ $0 != "dual async cancelled: true" }) != [
            "first", "dual sync", "after dual",
        ] {
            found.append("the steps ran as \(log)")
        }
        if !log.contains("dual async cancelled: true") { found.append("dual's async end: \(log)") }
        let overran = report.overran.map { work -> String in
            if case .instance(let provider) = work.origin {
                provider.providerName
            } else {
                "\(work)"
            }
        }
        if overran != ["dual"] { found.append("overran lists \(report.overran), not dual") }
        // Newest first: the two the runner followed, then the one the caller did.
        let watched = report.watched.map(\.provider.providerName)
        if watched != ["newer", "dual", "older"] { found.append("watched: \(watched)") }
        if unit.isActive { found.append("the unit is active") }
        withExtendedLifetime((older, newer)) {}
        return found
    }

    // Async hooks that await `endAndWait` of their own container, of its parent, from the
    // runner, first step (started on the caller's thread) and later: each returns at once,
    // well before the deadline it would otherwise wait out (90 s; the parallel run has held
    // every task up for 17 s, so "at once" is judged as under half of it).
    @Test(
        "hooks awaiting their own container's endAndWait from the runner return at once",
        .timeLimit(.minutes(2)))
    func hooksAwaitingTheirOwnEnd() async throws {
        let app = TestApp()
        let session = app.makeSession()
        let clock = ContinuousClock()
        let waits = Locked<[Duration]>([])
        session.onEnd { _ in
            let start = clock.now
            let report = await session.endAndWait(within: .seconds(90))
            waits.withLock { $0.append(clock.now - start) }
            #expect(report.stillEnding.contains { $0.description.hasPrefix("TestSession") })
        }
        session.onEnd { _ in
            await Task.yield()
            let start = clock.now
            _ = await app.endAndWait(within: .seconds(90))
            waits.withLock { $0.append(clock.now - start) }
        }
        session.onEnd { _ in
            // The first step: runs on the caller's thread until it suspends.
            let start = clock.now
            _ = await session.endAndWait(within: .seconds(90))
            waits.withLock { $0.append(clock.now - start) }
        }
        let start = clock.now
        let report = await session.endAndWait(within: .seconds(90))
        let total = clock.now - start
        #expect(total < .seconds(45), "the session's end took \(total)")
        #expect(report.overran.isEmpty)
        #expect(waits.withLock { $0 }.count == 3)
        #expect(waits.withLock { $0 }.allSatisfy { $0 < .seconds(45) })
        _ = await app.endAndWait()
        #expect(!app.isActive)
    }

    // Many waits on the shared timer, registered in an order that restarts it often
    // (deadlines decreasing), some given before their deadline: none returns `nil` before its
    // deadline, none is missed, and a value given first is returned. "Missed" is judged
    // generously — twenty seconds late — since the parallel run can hold every task up.
    @Test(
        "the shared deadline timer under many registrations and withdrawals",
        .tags(.stress), .timeLimit(.minutes(1)))
    func deadlinesStress() async throws {
        let count = isUnderThreadSanitizer ? 200 : 2000
        let base = ContinuousClock.now.advanced(by: .milliseconds(300))
        final class Tally: Sendable {
            let early = Atomic<Int>(0)
            let late = Atomic<Int>(0)
            let lostValue = Atomic<Int>(0)
            let worstLate = Atomic<Int>(0)
        }
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                // Decreasing, then increasing deadlines, 0 to 200 ms after base.
                let offset = index < count / 2 ? (count / 2 - index) : (index - count / 2)
                let deadline = base.advanced(by: .microseconds(offset * 200_000 / count))
                let shot = OneShot<Int>()
                let gives = index % 3 == 0
                if gives {
                    group.addTask {
                        await outlast(
                            ContinuousClock.now.duration(to: base.advanced(by: .milliseconds(-200)))
                        )
                        shot.give(index)
                    }
                }
                group.addTask {
                    let value = await shot.value(until: deadline)
                    let now = ContinuousClock.now
                    if let value {
                        if value != index { tally.lostValue.add(1, ordering: .relaxed) }
                    } else {
                        if gives, shot.given != nil, now < deadline {
                            tally.lostValue.add(1, ordering: .relaxed)
                        }
                        if now < deadline { tally.early.add(1, ordering: .relaxed) }
                        let overdue = now - deadline
                        if overdue > .seconds(20) { tally.late.add(1, ordering: .relaxed) }
                        let ms = Int(
                            Double(overdue.components.seconds) * 1000
                                + Double(overdue.components.attoseconds) / 1e15)
                        _ = tally.worstLate.max(ms, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(tally.early.load(ordering: .relaxed) == 0)
        #expect(
            tally.late.load(ordering: .relaxed) == 0,
            "worst \(tally.worstLate.load(ordering: .relaxed)) ms")
        #expect(tally.lostValue.load(ordering: .relaxed) == 0)
    }
}
