import Strata
import Testing

/// Providers that resolve each other in chains longer than the 16 frames a thread's
/// resolution stack starts with.
private final class Chains: Container {
    let scope = AppScope()

    /// `level(n)` resolves `level(n - 1)`: a chain `n + 1` providers deep.
    func level(_ n: Int) -> Provider<Int> {
        shared(by: n) { n == 0 ? 0 : try self.level(n - 1).resolve() + 1 }
    }

    /// `ring(n)` resolves `ring((n + 1) % 20)`: a cycle of 20 providers.
    func ring(_ n: Int) -> Provider<Int> {
        shared(by: n) { try self.ring((n + 1) % 20).resolve() }
    }
}

/// A thread's resolution stack grows past its first 16 frames and keeps them all.
@Suite struct ResolutionDepthTests {
    @Test("a chain of 40 providers, past the stack's first 16 frames, resolves")
    func deepChainResolves() throws {
        let chains = Chains()
        #expect(try chains.level(39).resolve() == 39)
        // The stack shrank back with the chain: another deep chain resolves the same.
        #expect(try chains.level(45).resolve() == 45)
    }

    @Test("a cycle of 20 providers is reported with its whole path")
    func deepCycleIsReported() {
        let chains = Chains()
        do {
            _ = try chains.ring(0).resolve()
            Issue.record("the cycle was not reported")
        } catch {
            guard case .cycle(let path) = error else {
                Issue.record("not a cycle: \(error)")
                return
            }
            #expect(path.count == 21)
            #expect(path.first?.providerName == "ring(_:)[0]")
            #expect(path.last?.providerName == "ring(_:)[0]")
            #expect(path.dropFirst().first?.providerName == "ring(_:)[1]")
        }
    }
}
