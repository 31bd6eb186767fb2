import Foundation
import Strata
import Synchronization
import TestPauses
import Testing

// Races of an async construction run in its caller's task: waiters cancelled while the
// builder settles, the builder cancelled while the scope ends, an instance made after the
// end.
@Suite("Async construction races")
struct AsyncConstructionRaceTests {
    final class Slow: Container {
        let scope = AppScope()
        let started = AsyncGate()
        let gate = AsyncGate()
        let runs = Counter()
        let log = EventLog()
        var service: AsyncProvider<Service> {
            shared {
                self.started.open()
                await self.gate.wait()
                if Task.isCancelled { throw CancellationError() }
                return Service(id: self.runs.next())
            }
        }
    }

    // Stress, passes: a waiter cancelled while the builder settles either gets the
    // instance or a `CancellationError`, and never hangs or is resumed twice.
    @Test("waiters cancelled while the builder settles", .timeLimit(.minutes(1)))
    func cancelledWaitersRaceTheSettle() async throws {
        let rounds = isUnderThreadSanitizer ? 50 : 400
        for _ in 0..<rounds {
            let slow = Slow()
            let builder = Task { try await slow.service.resolve().id }
            await slow.started.wait()
            let waiters = (0..<4).map { _ in Task { try await slow.service.resolve().id } }
            let opener = Thread { slow.gate.open() }
            opener.start()
            for waiter in waiters { waiter.cancel() }
            for waiter in waiters {
                do {
                    #expect(try await waiter.value == 1)
                } catch StrataError.factoryFailed(_, let underlying) {
                    #expect(underlying is CancellationError)
                } catch {
                    Issue.record("a cancelled waiter threw \(error)")
                }
            }
            #expect(try await builder.value == 1)
            #expect(slow.runs.value == 1)
        }
    }

    // The builder is cancelled and the scope ends before its factory returns: the waiters
    // throw `.ended` — not a re-claim after the end, not the builder's cancellation.
    @Test("the builder cancelled and the scope ending at once", .timeLimit(.minutes(1)))
    func builderCancelledWhileTheScopeEnds() async throws {
        let rounds = isUnderThreadSanitizer ? 50 : 300
        for round in 0..<rounds {
            let slow = Slow()
            let builder = Task { try await slow.service.resolve().id }
            await slow.started.wait()
            let waiters = (0..<3).map { _ in Task { try await slow.service.resolve().id } }
            let ending = DispatchSemaphore(value: 0)
            let ender = Thread {
                slow.end()
                ending.signal()
            }
            if round % 2 == 0 {
                builder.cancel()
                ender.start()
            } else {
                ender.start()
                builder.cancel()
            }
            ending.wait()
            slow.gate.open()
            for waiter in waiters {
                do {
                    let id = try await waiter.value
                    Issue.record("a waiter got instance \(id) after the end")
                } catch StrataError.ended {
                    // Expected.
                } catch {
                    Issue.record("a waiter threw \(error), not .ended")
                }
            }
            do {
                _ = try await builder.value
                Issue.record("the builder got an instance after the end")
            } catch StrataError.ended {
                // Expected: its factory threw after the end.
            } catch {
                Issue.record("the builder threw \(error), not .ended")
            }
            #expect(slow.runs.value == 0)
        }
    }

    // An instance whose factory returns after the scope's `endAndWait` has run is ended
    // once, and every caller gets `.ended`.
    @Test("an instance made after the end is ended exactly once", .timeLimit(.minutes(1)))
    func lateInstanceEndedOnce() async throws {
        final class Lease: AsyncScopeBound {
            let log: EventLog
            init(log: EventLog) { self.log = log }
            func scopeDidEnd() async { log.record("lease ended") }
        }
        final class Late: Container {
            let scope = AppScope()
            let started = AsyncGate()
            let gate = AsyncGate()
            let log = EventLog()
            var lease: AsyncProvider<Lease> {
                shared {
                    self.started.open()
                    await self.gate.wait()
                    return Lease(log: self.log)
                }
            }
        }
        let late = Late()
        let builder = Task { try await late.lease.resolve() }
        await late.started.wait()
        let waiter = Task { try await late.lease.resolve() }
        _ = await late.endAndWait()
        await #expect(throws: StrataError.self) { _ = try await waiter.value }
        late.gate.open()
        await #expect(throws: StrataError.self) { _ = try await builder.value }
        // The builder's instance is ended by its own task, which nobody awaits.
        #expect(await poll { !late.log.all.isEmpty })
        #expect(late.log.all == ["lease ended"])
    }
}
