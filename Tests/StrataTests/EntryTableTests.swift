import Strata
import Testing

/// The scope's table of entries is a value: a copy — a published snapshot, the tables an end
/// walks — keeps what it held when the original changes.
@Suite struct EntryTableTests {
    final class Thing {}

    let core = ScopeCore(tier: AppTier.self, parent: nil, fileID: #fileID, line: #line)

    /// Claims and stores a new instance for a provider named `name`.
    func store(_ name: StaticString, line: UInt, in state: inout ScopeState) -> ObjectIdentifier {
        let frame = Frame(core: core, key: ProviderKey(name: name, line: line, type: Thing.self))
        let construction = Construction(builder: .thread(ObjectIdentifier(Thing.self)))
        _ = state.claim(frame, with: construction)
        let thing = Thing()
        let settled = state.settle(
            Instance(thing), for: frame, from: construction, retention: .strong, keeps: true)
        #expect(settled.map { if case .kept = $0 { true } else { false } } == true)
        return ObjectIdentifier(thing)
    }

    func instance(_ name: StaticString, line: UInt, in state: ScopeState) -> ObjectIdentifier? {
        state.cachedInstance(ProviderKey(name: name, line: line, type: Thing.self))
            .map { ObjectIdentifier($0.object) }
    }

    @Test("a copy keeps its entries beyond the first when the original stores more")
    func copiesAreValues() {
        var state = ScopeState()
        let first = store("first", line: 1, in: &state)
        let second = store("second", line: 2, in: &state)
        let copy = state
        let third = store("third", line: 3, in: &state)
        #expect(instance("first", line: 1, in: copy) == first)
        #expect(instance("second", line: 2, in: copy) == second)
        #expect(instance("third", line: 3, in: copy) == nil)
        #expect(instance("third", line: 3, in: state) == third)
    }
}
