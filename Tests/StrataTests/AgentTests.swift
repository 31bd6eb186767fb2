import Strata
import Testing

/// An object whose identity names a thread agent.
private final class Marker {}

@Suite("Agents in the wait graph")
struct AgentTests {
    /// A thread agent and an async agent whose identities are the same number are two agents:
    /// were they one, an async construction waiting for a thread's construction would look
    /// like waiting for itself, and the wait graph would report a cycle that does not exist.
    @Test("a thread agent and an async agent with the same number are different agents")
    func kindsNeverCollide() {
        let marker = Marker()
        let identity = ObjectIdentifier(marker)
        let number = UInt(bitPattern: identity)
        let thread = Agent.thread(identity)
        let task = Agent.task(number)
        #expect(thread != task)
        #expect(Set([thread, task]).count == 2)
        withExtendedLifetime(marker) {}
    }
}
