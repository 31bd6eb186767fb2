import Strata
import Synchronization
import TestPauses
import Testing

/// Whether `task` finishes within `limit`.
///
/// A task that does not is left running: the caller unblocks it (ending its container) after
/// recording the issue.
func finishes<Value: Sendable, Failure: Error>(
    _ task: Task<Value, Failure>, within limit: Duration
) async -> Bool {
    let finished = Locked(false)
    Task {
        _ = try? await task.value
        finished.withLock { $0 = true }
    }
    return await poll(within: limit) { finished.withLock { $0 } }
}

// Cycles between async providers, where the factory of one awaits others from child tasks
// (`async let`, a task group): the child tasks inherit the construction's agent, so they
// share one record in the wait graph.
@Suite("Async cycles through child tasks")
struct AsyncCycleTests {
    // `a` awaits `b` and `c` from two child tasks; `c` awaits `a`: a cycle, `a → c → a`.
    // `b` only waits for its gate.
    final class Trio: Container {
        let scope = AppScope()
        let bStarted = AsyncGate()
        let cStarted = AsyncGate()
        let bGate = AsyncGate()
        let cGate = AsyncGate()

        var a: AsyncProvider<Service> {
            shared {
                async let b = self.b.resolve()
                async let c = self.c.resolve()
                let (x, y) = try await (b, c)
                return Service(id: x.id + y.id)
            }
        }
        var b: AsyncProvider<Service> {
            shared {
                self.bStarted.open()
                await self.bGate.wait()
                return Service(id: 1)
            }
        }
        var c: AsyncProvider<Service> {
            shared {
                self.cStarted.open()
                await self.cGate.wait()
                return Service(id: try await self.a.resolve().id)
            }
        }
    }

    // Every task runs on one serial executor, so each reaches its wait before the next step:
    // `c` and `b` are claimed and wait on their gates; `a` is claimed and its two child tasks
    // wait for `b` and `c`. Then `b` finishes: its waiter's unregistering removes the one
    // record of `a`'s agent, which was `a`'s wait for `c`. When `c` then awaits `a`, the
    // chain `c → a → ?` stops at `a`, and the cycle is waited on for ever.
    @Test(
        "a cycle closed after a sibling child task's wait ended throws .cycle",
        .timeLimit(.minutes(1)))
    func cycleAfterSiblingWaitEnded() async throws {
        let trio = Trio()
        let executor = OneAtATime()
        let c = Task(executorPreference: executor) { try await trio.c.resolve().id }
        await trio.cStarted.wait()
        let b = Task(executorPreference: executor) { try await trio.b.resolve().id }
        await trio.bStarted.wait()
        let a = Task(executorPreference: executor) { try await trio.a.resolve().id }
        for _ in 0..<5 { await executor.drained() }

        trio.bGate.open()
        #expect(try await b.value == 1)
        for _ in 0..<5 { await executor.drained() }

        trio.cGate.open()
        let finished = await finishes(c, within: .seconds(5))
        #expect(finished, "c awaits a, which awaits c: the cycle hangs instead of throwing")
        if !finished { trio.end() }  // unblocks both: their waits throw .ended
        do {
            _ = try await c.value
            Issue.record("c resolved through a cycle")
        } catch StrataError.cycle {
            // Expected.
        } catch {
            Issue.record("c threw \(error), not .cycle")
        }
        _ = try? await a.value
    }

    // The same through a task group whose two children wait at once, in the other order:
    // `c`'s wait is recorded first and `b`'s overwrites it, so the cycle is missed even
    // before `b` finishes.
    @Test(
        "a cycle closed while a sibling child task also waits throws .cycle",
        .timeLimit(.minutes(1)))
    func cycleWhileSiblingWaits() async throws {
        final class Group: Container {
            let scope = AppScope()
            let bStarted = AsyncGate()
            let cStarted = AsyncGate()
            let bGate = AsyncGate()
            let cGate = AsyncGate()

            var a: AsyncProvider<Service> {
                shared {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        group.addTask { try await self.c.resolve().id }
                        group.addTask { try await self.b.resolve().id }
                        return Service(id: try await group.reduce(0, +))
                    }
                }
            }
            var b: AsyncProvider<Service> {
                shared {
                    self.bStarted.open()
                    await self.bGate.wait()
                    return Service(id: 1)
                }
            }
            var c: AsyncProvider<Service> {
                shared {
                    self.cStarted.open()
                    await self.cGate.wait()
                    return Service(id: try await self.a.resolve().id)
                }
            }
        }
        let container = Group()
        let executor = OneAtATime()
        let c = Task(executorPreference: executor) { try await container.c.resolve().id }
        await container.cStarted.wait()
        let b = Task(executorPreference: executor) { try await container.b.resolve().id }
        await container.bStarted.wait()
        let a = Task(executorPreference: executor) { try await container.a.resolve().id }
        for _ in 0..<5 { await executor.drained() }

        container.cGate.open()
        let finished = await finishes(c, within: .seconds(5))
        #expect(finished, "c awaits a, which awaits c: the cycle hangs instead of throwing")
        if !finished { container.end() }
        do {
            _ = try await c.value
            Issue.record("c resolved through a cycle")
        } catch StrataError.cycle {
            // Expected.
        } catch {
            Issue.record("c threw \(error), not .cycle")
        }
        container.bGate.open()
        _ = try? await b.value
        _ = try? await a.value
    }

    // Control, passes: with one child task, the same cycle is found.
    @Test("control: a cycle through one child task throws .cycle", .timeLimit(.minutes(1)))
    func cycleThroughOneChildTask() async throws {
        final class Pair: Container {
            let scope = AppScope()
            let cStarted = AsyncGate()
            let cGate = AsyncGate()
            var a: AsyncProvider<Service> {
                shared {
                    async let c = self.c.resolve()
                    return Service(id: try await c.id)
                }
            }
            var c: AsyncProvider<Service> {
                shared {
                    self.cStarted.open()
                    await self.cGate.wait()
                    return Service(id: try await self.a.resolve().id)
                }
            }
        }
        let pair = Pair()
        let executor = OneAtATime()
        let c = Task(executorPreference: executor) { try await pair.c.resolve().id }
        await pair.cStarted.wait()
        let a = Task(executorPreference: executor) { try await pair.a.resolve().id }
        for _ in 0..<5 { await executor.drained() }
        pair.cGate.open()
        let finished = await finishes(c, within: .seconds(5))
        #expect(finished)
        if !finished { pair.end() }
        await #expect(throws: StrataError.self) { _ = try await c.value }
        await #expect(throws: StrataError.self) { _ = try await a.value }
    }
}
