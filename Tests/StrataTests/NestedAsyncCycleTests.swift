import Strata
import Testing

/// Cycles through an async construction built nested in another one's task.
///
/// When `a`'s factory resolves `b` for the first time, `a`'s task builds `b` itself instead
/// of waiting for it. The wait graph records `a` as waiting for `b` while it does, so a wait
/// from inside `b` that leads back to `a` closes the cycle (found by an attack on stop 59's
/// changes; on `8ab2397` and before, both tests below hung).
@Suite("Async cycles through a nested build")
struct NestedAsyncCycleTests {
    /// `a → b → c → a`, each step gated so that a test can order them.
    final class Gated: Container {
        let scope = AppScope()
        let bStarted = AsyncGate()
        let bGate = AsyncGate()
        let cStarted = AsyncGate()
        let cGate = AsyncGate()

        var a: AsyncProvider<Service> { shared { Service(id: try await self.b.resolve().id) } }
        var b: AsyncProvider<Service> {
            shared {
                self.bStarted.open()
                await self.bGate.wait()
                return Service(id: try await self.c.resolve().id)
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

    /// `a → b → c → a`, each step yielding once: tasks that enter the cycle together build
    /// parts of it nested and parts in each other's tasks, as the scheduler has it.
    final class Yielding: Container {
        let scope = AppScope()

        var a: AsyncProvider<Service> {
            shared {
                await Task.yield()
                return Service(id: try await self.b.resolve().id)
            }
        }
        var b: AsyncProvider<Service> {
            shared {
                await Task.yield()
                return Service(id: try await self.c.resolve().id)
            }
        }
        var c: AsyncProvider<Service> {
            shared {
                await Task.yield()
                return Service(id: try await self.a.resolve().id)
            }
        }
    }

    /// Records an issue unless `task` threw a cycle.
    private static func expectCycle(_ task: Task<Int, any Error>) async {
        do {
            _ = try await task.value
            Issue.record("resolved through a cycle")
        } catch {
            if case StrataError.cycle = error {} else { Issue.record("threw \(error)") }
        }
    }

    @Test(
        "a builds b nested, b awaits c, which another task builds while awaiting a: .cycle",
        .timeLimit(.minutes(1)))
    func nestedBuildThenAnotherTask() async throws {
        let gated = Gated()
        let c = Task { try await gated.c.resolve().id }
        await gated.cStarted.wait()
        let a = Task { try await gated.a.resolve().id }
        await gated.bStarted.wait()
        // `c` now awaits `a`, which `a`'s task builds; then `b`, built in that task, awaits `c`.
        gated.cGate.open()
        try await Task.sleep(for: .milliseconds(100))
        gated.bGate.open()
        let finished = await finishes(a, within: .seconds(20))
        #expect(finished, "a → b → c → a across two tasks hangs")
        if !finished { gated.end() }
        await Self.expectCycle(a)
        await Self.expectCycle(c)
    }

    // Thirty rounds, each entry given 20 s. Without the nested build's record (`8ab2397`)
    // one run of fifty rounds in three hung; with it, none of 1,200 rounds did, alone or four
    // runs at once. In a full run the cooperative pool is starved by other suites (fifty
    // rounds took 15–18 s there, 1.5 s alone), and a 5 s limit timed out once: hence the
    // 20 s, and three minutes for the whole.
    @Test("three tasks entering one cycle at once each throw .cycle", .timeLimit(.minutes(3)))
    func threeEntries() async {
        for _ in 0..<30 {
            let yielding = Yielding()
            let tasks = [
                Task { try await yielding.a.resolve().id },
                Task { try await yielding.b.resolve().id },
                Task { try await yielding.c.resolve().id },
            ]
            for (entry, task) in zip(["a", "b", "c"], tasks) {
                let finished = await finishes(task, within: .seconds(20))
                #expect(finished, "the entry at \(entry) hangs")
                guard finished else {
                    yielding.end()
                    return
                }
                await Self.expectCycle(task)
            }
            yielding.end()
        }
    }
}
