import Strata
import Synchronization
import Testing

/// An async `shared` resolves in its caller's task: single flight among concurrent first
/// callers, the first caller's cancellation reaching its factory and no other caller, and a
/// cancelled waiter returning at once (issue #38).
@Suite("Async resolution in the caller's task")
struct AsyncResolutionTests {
    /// A container whose async provider's first run waits until its caller is cancelled,
    /// on a sleep no test lets finish, and whose later runs return at once.
    final class Pool: Container {
        let scope = AppScope()
        let runs = Counter()
        let started = AsyncGate()
        var lease: AsyncProvider<Service> {
            shared {
                let run = self.runs.next()
                if run == 1 {
                    self.started.open()
                    await untilCancelled()
                    try Task.checkCancellation()
                }
                return Service(id: run)
            }
        }
    }

    @Test("64 concurrent first callers run the factory once", .timeLimit(.minutes(1)))
    func singleFlight() async throws {
        final class Slow: Container {
            let scope = AppScope()
            let runs = Counter()
            let gate = AsyncGate()
            var service: AsyncProvider<Service> {
                shared {
                    await self.gate.wait()
                    return Service(id: self.runs.next())
                }
            }
        }
        let slow = Slow()
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 { group.addTask { try await slow.service.resolve().id } }
            slow.gate.open()
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(ids == [1])
        #expect(slow.runs.value == 1)
    }

    /// The first caller and three waiters run as tasks on one serial executor: the first
    /// claims and runs the factory up to its sleep, the waiters join it, and only then is the
    /// first cancelled.
    @Test(
        "a cancelled first caller's run is cancelled; the waiters get an instance, built anew",
        .timeLimit(.minutes(1)))
    func cancelledFirstCallerHandsOver() async throws {
        let pool = Pool()
        let executor = OneAtATime()
        let first = Task(executorPreference: executor) { try await pool.lease.resolve().id }
        await pool.started.wait()
        let waiters = (0..<3).map { _ in
            Task(executorPreference: executor) { try await pool.lease.resolve().id }
        }
        await executor.drained()
        first.cancel()

        do {
            _ = try await first.value
            Issue.record("the cancelled first caller got an instance")
        } catch StrataError.factoryFailed(_, let underlying) {
            #expect(underlying is CancellationError)
        }
        for waiter in waiters { #expect(try await waiter.value == 2) }
        #expect(pool.runs.value == 2)
    }

    @Test("a cancelled waiter stops waiting at once", .timeLimit(.minutes(1)))
    func cancelledWaiterReturns() async throws {
        let pool = Pool()
        let executor = OneAtATime()
        let first = Task(executorPreference: executor) { try await pool.lease.resolve().id }
        await pool.started.wait()
        let waiter = Task(executorPreference: executor) { try await pool.lease.resolve().id }
        await executor.drained()
        waiter.cancel()

        do {
            _ = try await waiter.value
            Issue.record("the cancelled waiter got an instance")
        } catch StrataError.factoryFailed(_, let underlying) {
            #expect(underlying is CancellationError)
        }
        #expect(pool.runs.value == 1, "the waiter's cancellation reached the first run")
        first.cancel()
        _ = await first.result
    }

    /// The factory waits for a lease on a sleep the test never lets finish: the cancelled
    /// request must return on its own.
    @Test("a request cancelled while its async provider waits returns", .timeLimit(.minutes(1)))
    func cancelledRequestReturns() async throws {
        let pool = Pool()
        let request = Task { try await pool.lease.resolve() }
        await pool.started.wait()
        request.cancel()
        await #expect(throws: StrataError.self) { try await request.value }
        #expect(pool.isActive)
        #expect(try await pool.lease.resolve().id == 2, "the next caller builds anew")
    }

    @Test("a cached async read returns the stored instance from any isolation")
    @MainActor
    func cachedReadOnMainActor() async throws {
        let pool = Pool()
        pool.lease.override { Service(id: 7) }
        let first = try await pool.lease.resolve()
        #expect(try await pool.lease.resolve() === first)
        #expect(await pool.lease().id == 7)
    }
}
