import Strata
import Testing

/// Providers that need each other.
///
/// `try … resolve()` inside a factory passes the cycle error on to a throwing caller; `…()` traps
/// where the cycle closes.
final class Cyclic: Container {
    let scope = AppScope()

    var a: Provider<Service> {
        shared {
            _ = try self.b.resolve()
            return Service()
        }
    }
    var b: Provider<Service> {
        shared {
            _ = try self.a.resolve()
            return Service()
        }
    }

    var x: Provider<Service> {
        unique {
            _ = try self.y.resolve()
            return Service()
        }
    }
    var y: Provider<Service> {
        shared {
            _ = try self.z.resolve()
            return Service()
        }
    }
    var z: Provider<Service> {
        unique {
            _ = try self.x.resolve()
            return Service()
        }
    }

    var trapping: Provider<Service> {
        shared {
            _ = self.trappingPartner()
            return Service()
        }
    }
    var trappingPartner: Provider<Service> {
        shared {
            _ = self.trapping()
            return Service()
        }
    }

    var selfish: Provider<Service> { unique { try self.selfish.resolve() } }

    func makeChild() -> CyclicChild { CyclicChild(parent: self) }
}

final class CyclicChild: Container {
    let scope: SessionScope<Cyclic>
    init(parent: Cyclic) { scope = SessionScope(parent: parent) }
    var across: Provider<Service> { shared { try self.parent.a.resolve() } }
}

/// A provider that needs itself on its first construction only.
final class CyclicOnce: Container {
    let scope = AppScope()
    /// How many times `a`'s factory ran.
    let builds = Counter()

    var a: Provider<Service> {
        shared {
            let build = self.builds.next()
            if build == 1 { _ = try self.b.resolve() }
            return Service(id: build)
        }
    }
    var b: Provider<Service> { shared { try self.a.resolve() } }
}

@Suite("Cycle detection")
struct CycleTests {
    @Test("a two-step cycle is reported with its whole path by resolve()")
    func twoStepCycle() {
        let error = #expect(throws: StrataError.self) { try Cyclic().a.resolve() }
        guard case .cycle(let path)? = error else {
            Issue.record("expected .cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.description) == ["Cyclic.a", "Cyclic.b", "Cyclic.a"])
        #expect(error?.description.contains("Cyclic.a → Cyclic.b → Cyclic.a") == true)
        #expect(error?.description.contains("To fix") == true)
    }

    @Test("a three-step cycle mixing unique and shared is reported with its whole path")
    func threeStepCycle() {
        let error = #expect(throws: StrataError.self) { try Cyclic().x.resolve() }
        guard case .cycle(let path)? = error else {
            Issue.record("expected .cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.description) == ["Cyclic.x", "Cyclic.y", "Cyclic.z", "Cyclic.x"])
    }

    @Test("a provider that needs itself is a one-step cycle")
    func selfCycle() {
        let error = #expect(throws: StrataError.self) { try Cyclic().selfish.resolve() }
        #expect(error?.description.contains("Cyclic.selfish → Cyclic.selfish") == true)
    }

    @Test("the path starts where the cycle starts, not at the outer caller")
    func pathStartsAtCycle() {
        let child = Cyclic().makeChild()
        let error = #expect(throws: StrataError.self) { try child.across.resolve() }
        guard case .cycle(let path)? = error else {
            Issue.record("expected .cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.description) == ["Cyclic.a", "Cyclic.b", "Cyclic.a"])
    }

    @Test("a construction that failed on a cycle leaves nothing behind: the next one is built")
    func recoversAfterCycle() throws {
        let cyclic = CyclicOnce()
        let error = #expect(throws: StrataError.self) { try cyclic.a.resolve() }
        guard case .cycle? = error else {
            Issue.record("expected .cycle, got \(String(describing: error))")
            return
        }
        // A `.building` entry left by the failed attempt would be taken for a construction
        // in progress, and this would throw a cycle again.
        let second = try cyclic.a.resolve()
        #expect(second.id == 2)
        #expect(try cyclic.a.resolve() === second)
        #expect(cyclic.builds.value == 2)
    }

    @Test("a two-step cycle traps with its whole path through provider()")
    func twoStepCycleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            _ = Cyclic().trapping()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            text.contains(
                "dependency cycle: Cyclic.trapping → Cyclic.trappingPartner → Cyclic.trapping"))
    }

    @Test("a three-step cycle traps with its whole path through provider()")
    func threeStepCycleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            _ = Cyclic().x()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("dependency cycle: Cyclic.x → Cyclic.y → Cyclic.z → Cyclic.x"))
    }
}
