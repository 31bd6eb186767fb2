import Dispatch
import Strata
import Synchronization
import Testing

/// Providers built slowly enough that concurrent first callers overlap.
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

    var loaded: AsyncProvider<Service> {
        shared {
            self.builds.next()
            try await Task.sleep(for: .milliseconds(20))
            return Service()
        }
    }

    func makeSession() -> SlowSession { SlowSession(parent: self) }
}

final class SlowSession: Container {
    let scope: SessionScope
    let parent: Slow
    init(parent: Slow) {
        self.parent = parent
        scope = SessionScope(parent: parent)
    }
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

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("1,000 concurrent first resolutions build one shared instance", arguments: 0..<20)
    func sharedBuildsOnceUnderContention(round: Int) {
        let slow = Slow()
        let seen = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            let service = slow.service()
            seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
        }
        #expect(slow.builds.value == 1)
        #expect(seen.withLock { $0.count } == 1)
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

    @Test("end() racing resolutions never crashes, and nothing resolves after end() returned")
    func endRacingResolutions() {
        for _ in 0..<20 {
            let slow = Slow()
            let session = slow.makeSession()
            let endReturned = Atomic<Bool>(false)
            let lateSuccesses = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 9) { worker in
                if worker == 0 {
                    spin(microseconds: 300)
                    session.end()
                    endReturned.store(true, ordering: .sequentiallyConsistent)
                    return
                }
                for _ in 0..<300 {
                    let startedAfterEnd = endReturned.load(ordering: .sequentiallyConsistent)
                    let local = try? session.local.resolve()
                    let derived = try? session.parent.derived.resolve()
                    if startedAfterEnd, local != nil { lateSuccesses.add(1, ordering: .relaxed) }
                    #expect(derived != nil)
                }
            }
            #expect(lateSuccesses.load(ordering: .relaxed) == 0)
            #expect(throws: StrataError.self) { try session.local.resolve() }
        }
    }

    @Test("async single flight: concurrent first callers await one construction")
    func asyncSingleFlight() async throws {
        let slow = Slow()
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask { ObjectIdentifier(try await slow.loaded.resolve()) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(slow.builds.value == 1)
        #expect(identities.count == 1)
        #expect(await slow.loaded() === slow.loaded())
    }

    @Test("ending the container cancels an async construction in flight; waiters get .ended")
    func endCancelsAsyncConstruction() async throws {
        final class Waiting: Container {
            let scope = AppScope()
            let started = Atomic<Bool>(false)
            let sawCancellation = Atomic<Bool>(false)
            var remote: AsyncProvider<Service> {
                shared {
                    self.started.store(true, ordering: .releasing)
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        self.sawCancellation.store(true, ordering: .releasing)
                        throw error
                    }
                    return Service()
                }
            }
        }
        let waiting = Waiting()
        let first = Task { try await waiting.remote.resolve() }
        let second = Task { try await waiting.remote.resolve() }
        while !waiting.started.load(ordering: .acquiring) { await Task.yield() }

        waiting.end()

        for task in [first, second] {
            let error = await #expect(throws: StrataError.self) { try await task.value }
            guard case .ended(let provider)? = error else {
                Issue.record("expected .ended, got \(String(describing: error))")
                continue
            }
            #expect(provider.description == "Waiting.remote")
        }
        let sawCancellation = waiting.sawCancellation.load(ordering: .acquiring)
        #expect(sawCancellation)
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
