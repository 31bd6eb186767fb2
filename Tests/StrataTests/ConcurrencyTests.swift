import Dispatch
import Strata
import Synchronization
import Testing

/// Providers built slowly enough that concurrent first callers are likely to overlap.
final class Slow: Container {
    let scope = AppScope()
    let builds = Counter()

    var service: Provider<Service> {
        shared {
            self.builds.next()
            spin(microseconds: 200)
            return Service()
        }
    }

    var derived: Provider<Service> { unique { Service(id: self.service().id) } }

    func makeSession() -> SlowSession { SlowSession(parent: self) }
}

final class SlowSession: Container {
    let scope: SessionScope<Slow>
    init(parent: Slow) { scope = SessionScope(parent: parent) }
    var local: Provider<Service> { shared { Service(id: self.parent.service().id + 1) } }
    var combined: Provider<Service> {
        shared { Service(id: self.local().id + self.parent.derived().id) }
    }
}

/// Busy-waits, so the thread keeps its core and other threads really overlap with it.
func spin(microseconds: UInt64) {
    let end = DispatchTime.now().uptimeNanoseconds + microseconds * 1_000
    while DispatchTime.now().uptimeNanoseconds < end {}
}

/// Providers whose factory returns only once a number of callers have started to resolve
/// them, so that every caller is in flight before the instance exists.
final class Meeting: Container {
    let scope = AppScope()
    let callers: Int
    /// Callers arrive here right before they resolve.
    let started = Arrivals()
    let builds = Counter()
    /// How many callers other than the builder had started when the factory returned.
    let waiters = Atomic<Int>(-1)

    init(callers: Int) { self.callers = callers }

    var service: Provider<Service> {
        shared {
            let build = self.builds.next()
            if self.started.wait(for: self.callers) {
                self.waiters.store(self.started.count - 1, ordering: .sequentiallyConsistent)
            }
            return Service(id: build)
        }
    }

    var loaded: AsyncProvider<Service> {
        shared {
            let build = self.builds.next()
            // Yields instead of blocking: the callers are tasks of the same small pool.
            let deadline = ContinuousClock.now + .seconds(10)
            while self.started.count < self.callers, ContinuousClock.now < deadline {
                await Task.yield()
            }
            if self.started.count == self.callers {
                self.waiters.store(self.started.count - 1, ordering: .sequentiallyConsistent)
            }
            return Service(id: build)
        }
    }
}

@Suite("Concurrency", .tags(.stress))
struct ConcurrencyTests {
    /// Every caller has started its call before the factory returns.
    ///
    /// So the calls overlap the construction instead of running one after another. A caller
    /// descheduled between its arrival and the engine's check could still find the instance
    /// stored: nothing public shows that a caller is waiting inside `resolve()`.
    @Test(
        "concurrent first resolutions build one shared instance, which every caller gets",
        .timeLimit(.minutes(1)), arguments: 0..<10)
    func sharedBuildsOnceUnderContention(round: Int) {
        let callers = 16
        let meeting = Meeting(callers: callers)
        let seen = Locked<[ObjectIdentifier]>([])
        let finished = onThreads(callers) { _ in
            meeting.started.arrive()
            // `try?`, not `()`: an engine that fails here fails the test, not the whole run.
            guard let service = try? meeting.service.resolve() else { return }
            seen.withLock { $0.append(ObjectIdentifier(service)) }
        }
        #expect(finished, "the callers did not all return")
        let waiters = meeting.waiters.load(ordering: .sequentiallyConsistent)
        #expect(waiters == callers - 1, "not every caller had started when the factory returned")
        #expect(meeting.builds.value == 1)
        let identities = seen.withLock { $0 }
        #expect(identities.count == callers)
        #expect(Set(identities).count == 1)
    }

    @Test("providers reading the same and the parent container never deadlock")
    func nestedResolutionDoesNotDeadlock() {
        let slow = Slow()
        let sessions = (0..<4).map { _ in slow.makeSession() }
        let results = Locked<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let value = sessions[index % 4].combined().id
            results.withLock { _ = $0.insert(value) }
        }
        #expect(slow.builds.value == 1)
        #expect(results.withLock { $0 } == [1])  // local (0 + 1) + derived (0)
    }

    /// Resolutions overlap `end()` for certain, not by chance.
    ///
    /// The workers resolve until `end()` has returned. `end()` starts once each has
    /// succeeded, and cannot return before one of them failed with `.ended` while it ran: its
    /// end hook waits for that.
    @Test(
        "end() racing resolutions: they succeed before, fail with .ended during, never succeed after",
        .timeLimit(.minutes(1)), arguments: 0..<5)
    func endRacingResolutions(round: Int) {
        let slow = Slow()
        let session = slow.makeSession()
        let workers = 8
        let succeededOnce = Arrivals()
        let failedWhileEnding = DispatchSemaphore(value: 0)
        let endReturned = Atomic<Bool>(false)
        let everyoneSucceeded = Atomic<Bool>(false)
        let overlapped = Atomic<Bool>(false)
        let successes = Counter()
        let endedFailures = Counter()
        let lateSuccesses = Counter()
        let parentFailures = Counter()
        let otherErrors = Locked<[String]>([])
        session.onEnd { _ in
            let failed = failedWhileEnding.wait(timeout: .now() + .seconds(10)) == .success
            overlapped.store(failed, ordering: .sequentiallyConsistent)
        }
        let finished = onThreads(workers + 1) { index in
            guard index < workers else {
                let succeeded = succeededOnce.wait(for: workers)
                everyoneSucceeded.store(succeeded, ordering: .sequentiallyConsistent)
                session.end()
                endReturned.store(true, ordering: .sequentiallyConsistent)
                return
            }
            var succeeded = false
            while true {
                let startedAfterEnd = endReturned.load(ordering: .sequentiallyConsistent)
                do {
                    _ = try session.local.resolve()
                    successes.next()
                    if startedAfterEnd { lateSuccesses.next() }
                    if !succeeded { succeededOnce.arrive() }
                    succeeded = true
                } catch StrataError.ended {
                    endedFailures.next()
                    failedWhileEnding.signal()
                } catch {
                    otherErrors.withLock { $0.append(String(describing: error)) }
                }
                // The parent is not ending: its providers keep working throughout.
                if (try? session.parent.derived.resolve()) == nil { parentFailures.next() }
                if startedAfterEnd { break }
            }
        }
        #expect(finished, "the threads did not all return")
        let succeededBeforeEnd = everyoneSucceeded.load(ordering: .sequentiallyConsistent)
        #expect(succeededBeforeEnd, "end() started before every worker had succeeded")
        let failedDuringEnd = overlapped.load(ordering: .sequentiallyConsistent)
        #expect(failedDuringEnd, "no resolution failed with .ended while end() ran")
        #expect(successes.value >= workers)
        #expect(endedFailures.value >= workers, "each worker's last resolution failed")
        #expect(lateSuccesses.value == 0)
        #expect(parentFailures.value == 0)
        #expect(otherErrors.withLock { $0 } == [])
        #expect(throws: StrataError.self) { try session.local.resolve() }
    }

    @Test("two threads ending a container at once run each hook once", .timeLimit(.minutes(1)))
    func concurrentEnds() {
        let log = EventLog()
        let app = TestApp(log: log)
        let session = app.makeSession()
        _ = app.config()
        _ = session.user()
        _ = session.store()
        let appHooks = Counter()
        let sessionHooks = Counter()
        let bothCalling = Barrier(parties: 2)
        let metOther = Atomic<Bool>(true)
        // The call that ends the tree waits, in its first hook, until the other thread has
        // also come to call end(), so that the second call is made while the first runs.
        let calling = Arrivals()
        session.onEnd { _ in
            sessionHooks.next()
            if !calling.wait(for: 2) { metOther.store(false, ordering: .sequentiallyConsistent) }
        }
        app.onEnd { _ in appHooks.next() }
        let reports = Locked<[EndReport]>([])
        let finished = onThreads(2) { _ in
            if !bothCalling.arriveAndWait() {
                metOther.store(false, ordering: .sequentiallyConsistent)
            }
            calling.arrive()
            let report = app.end()
            reports.withLock { $0.append(report) }
        }
        #expect(finished, "an end() call did not return")
        let met = metOther.load(ordering: .sequentiallyConsistent)
        #expect(met, "the two calls did not overlap")
        #expect(sessionHooks.value == 1)
        #expect(appHooks.value == 1)
        let ends = log.all.filter { $0.hasPrefix("end ") }
        #expect(ends.sorted() == ["end app.config", "end session.store", "end session.user"])
        // A call that finds the container ending or ended does nothing: its report is empty.
        let all = reports.withLock { $0 }
        #expect(all.count == 2)
        let full = all.filter { !$0.ended.isEmpty }
        #expect(full.map { $0.ended.map(\.typeName) } == [["TestSession", "TestApp"]])
        #expect(all.filter { $0.ended.isEmpty && $0.watched.isEmpty }.count == 1)
    }

    @Test(
        "async single flight: concurrent first callers await one construction",
        .timeLimit(.minutes(1)))
    func asyncSingleFlight() async throws {
        let callers = 200
        let meeting = Meeting(callers: callers)
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    meeting.started.arrive()
                    return ObjectIdentifier(try await meeting.loaded.resolve())
                }
            }
            return try await group.reduce(into: [ObjectIdentifier]()) { $0.append($1) }
        }
        let waiters = meeting.waiters.load(ordering: .sequentiallyConsistent)
        #expect(waiters == callers - 1, "not every caller had started when the factory returned")
        #expect(meeting.builds.value == 1)
        #expect(identities.count == callers)
        #expect(Set(identities).count == 1)
        #expect(await meeting.loaded() === meeting.loaded())
    }

    /// Both callers are waiting for the construction when `end()` runs.
    ///
    /// The two callers and `end()` run as tasks on one serial executor, in the order they
    /// are started. A task keeps the executor from one suspension point to the next; the
    /// first caller claims and runs the factory in its own task, up to the gate, and the
    /// second joins it. So when `end()` runs, the factory is waiting and the second caller
    /// is waiting for it: its `.ended` comes from the end, not from finding the container
    /// ended. The gate opens only once the second caller has thrown: the end did not wait
    /// for the factory.
    @Test(
        "an end makes an async construction's waiters throw .ended at once; a late instance is ended",
        .timeLimit(.minutes(1)))
    func endReleasesAsyncWaiters() async throws {
        final class Waiting: Container {
            let scope = AppScope()
            let gate = AsyncGate()
            let log = EventLog()
            var remote: AsyncProvider<Tracked> {
                shared {
                    self.log.record("factory waits")
                    await self.gate.wait()
                    return Tracked("remote", log: self.log)
                }
            }
        }
        let waiting = Waiting()
        let executor = OneAtATime()
        let first = Task(executorPreference: executor) {
            _ = try await waiting.remote.resolve()
        }
        let second = Task(executorPreference: executor) {
            _ = try await waiting.remote.resolve()
        }
        let ending = Task(executorPreference: executor) { _ = waiting.end() }
        await ending.value
        #expect(waiting.log.all == ["factory waits"])

        #expect(await endedProvider(of: second) == "Waiting.remote")
        waiting.gate.open()
        #expect(await endedProvider(of: first) == "Waiting.remote")
        #expect(
            waiting.log.all == ["factory waits", "made remote", "end remote", "released remote"])
    }

    /// The provider a task's `.ended` names; `nil` when it ended otherwise.
    private func endedProvider(of task: Task<Void, any Error>) async -> String? {
        do {
            try await task.value
        } catch StrataError.ended(let provider) {
            return provider.description
        } catch {
            Issue.record("expected .ended, got \(error)")
        }
        return nil
    }

    @Test("an async cycle is reported, not awaited forever")
    func asyncCycle() async {
        final class AsyncCyclic: Container {
            let scope = AppScope()
            var a: AsyncProvider<Service> { shared { try await self.b.resolve() } }
            var b: AsyncProvider<Service> { shared { try await self.a.resolve() } }
        }
        let error = await #expect(throws: StrataError.self) { try await AsyncCyclic().a.resolve() }
        #expect(
            error?.description.contains("AsyncCyclic.a → AsyncCyclic.b → AsyncCyclic.a") == true)
    }

    @Test("a cycle across two threads is reported to both, never a hang")
    func crossThreadCycle() {
        final class Crossing: Container {
            let scope = AppScope()
            let aStarted = Atomic<Bool>(false)
            let bStarted = Atomic<Bool>(false)
            var a: Provider<Service> {
                shared {
                    self.aStarted.store(true, ordering: .releasing)
                    while !self.bStarted.load(ordering: .acquiring) {}
                    return try self.b.resolve()
                }
            }
            var b: Provider<Service> {
                shared {
                    self.bStarted.store(true, ordering: .releasing)
                    while !self.aStarted.load(ordering: .acquiring) {}
                    return try self.a.resolve()
                }
            }
        }
        let crossing = Crossing()
        let errors = Locked<[String]>([])
        let group = DispatchGroup()
        for side in 0..<2 {
            DispatchQueue.global().async(group: group) {
                do {
                    _ = side == 0 ? try crossing.a.resolve() : try crossing.b.resolve()
                } catch {
                    errors.withLock { $0.append(String(describing: error)) }
                }
            }
        }
        #expect(group.wait(timeout: .now() + .seconds(10)) == .success, "the two threads hung")
        let reported = errors.withLock { $0 }
        #expect(reported.count == 2)
        #expect(reported.allSatisfy { $0.contains("dependency cycle") })
        #expect(
            reported.contains { $0.contains("Crossing.a → Crossing.b → Crossing.a") }
                || reported.contains { $0.contains("Crossing.b → Crossing.a → Crossing.b") })
    }
}
