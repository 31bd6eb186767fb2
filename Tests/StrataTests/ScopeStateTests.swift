import Strata
import Synchronization
import Testing

/// One provider's frame, and constructions for it, as the shell would make them.
private struct Fixture {
    final class Thing {}
    let core = ScopeCore(tier: AppTier.self, parent: nil, fileID: #fileID, line: #line)
    let marker = Thing()
    let key = ProviderKey(name: "thing", line: 1, type: Thing.self)

    var frame: Frame { Frame(core: core, key: key) }

    func construction() -> Construction {
        Construction(builder: .thread(ObjectIdentifier(marker)))
    }

    /// A construction whose async factory its claiming caller's task runs.
    func taskConstruction() -> Construction { Construction() }

    /// Claims the entry for `construction`, as the thread or task that made it would.
    func claim(_ state: inout ScopeState, for construction: Construction) -> ScopeState.Claim {
        state.claim(frame, with: construction)
    }

    /// Offers a new instance from `construction`, kept strongly unless `keeps` is false.
    func settle(
        _ state: inout ScopeState, from construction: Construction, keeps: Bool = true
    ) -> ScopeState.Settled? {
        state.settle(
            Instance(Thing()), for: frame, from: construction,
            retention: keeps ? .strong : .strongUnlessNil, keeps: keeps)
    }
}

extension ScopeState.Claim {
    fileprivate var isClaimed: Bool {
        if case .claimed = self { true } else { false }
    }

    fileprivate var waitedOn: Construction? {
        if case .wait(let construction) = self { construction } else { nil }
    }

    fileprivate var found: ObjectIdentifier? {
        if case .found(let instance) = self { ObjectIdentifier(instance.object) } else { nil }
    }

    fileprivate var isEnded: Bool {
        if case .ended = self { true } else { false }
    }
}

extension ScopeState.Settled? {
    fileprivate var description: String {
        switch self {
        case nil: "ended"
        case .kept?: "kept"
        case .passedOn?: "passed on"
        case .dropped(let current)?: current == nil ? "dropped" : "dropped for another"
        }
    }
}

extension ScopeState.Closing {
    fileprivate var isClosed: Bool {
        if case .closed = self { true } else { false }
    }
}

extension ScopeState.Abandonment {
    fileprivate var description: String {
        switch self {
        case .nothingStored: "nothing stored"
        case .stored: "stored"
        case .ended: "ended"
        }
    }
}

/// The scope's state machine driven directly: each transition, on one thread, with no lock.
@Suite("ScopeState transitions")
struct ScopeStateTests {
    @Test("the first claim takes the entry; a second of the same kind waits on that one")
    func claimThenWait() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        #expect(fixture.claim(&state, for: mine).isClaimed)
        #expect(fixture.claim(&state, for: fixture.construction()).waitedOn === mine)
    }

    @Test("a settled claim stores the instance: later claims and cached reads find it")
    func settleStores() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = fixture.claim(&state, for: mine)
        #expect(fixture.settle(&state, from: mine).description == "kept")
        let cached = state.cachedInstance(fixture.key).map { ObjectIdentifier($0.object) }
        #expect(cached != nil)
        #expect(fixture.claim(&state, for: fixture.construction()).found == cached)
    }

    @Test("a claim of the other kind takes the entry over; the one taken over is dropped")
    func otherKindTakesOver() {
        let fixture = Fixture()
        var state = ScopeState()
        let first = fixture.construction()
        _ = fixture.claim(&state, for: first)
        let second = fixture.taskConstruction()
        #expect(fixture.claim(&state, for: second).isClaimed)
        #expect(fixture.claim(&state, for: fixture.taskConstruction()).waitedOn === second)
        #expect(fixture.settle(&state, from: first).description == "dropped")
        #expect(state.cachedInstance(fixture.key) == nil)
    }

    @Test("an abandoned claim frees the entry, and the next claim builds")
    func abandonFrees() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = fixture.claim(&state, for: mine)
        #expect(state.abandon(fixture.key, mine).description == "nothing stored")
        #expect(fixture.claim(&state, for: fixture.construction()).isClaimed)
    }

    @Test("a claim abandoned after another took the entry over finds what that one stored")
    func abandonAfterTakeOverFindsStored() {
        let fixture = Fixture()
        var state = ScopeState()
        let first = fixture.construction()
        _ = fixture.claim(&state, for: first)
        let second = fixture.taskConstruction()
        _ = fixture.claim(&state, for: second)
        #expect(fixture.settle(&state, from: second).description == "kept")
        #expect(state.abandon(fixture.key, first).description == "stored")
        #expect(state.cachedInstance(fixture.key) != nil)
    }

    @Test("a policy that keeps nothing passes the instance on and leaves the entry free")
    func passedOnLeavesEntryFree() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = fixture.claim(&state, for: mine)
        #expect(fixture.settle(&state, from: mine, keeps: false).description == "passed on")
        #expect(fixture.claim(&state, for: fixture.construction()).isClaimed)
    }

    @Test(
        "the end closes once and asks the shell to publish; once it stops serving, claims, settles and children see it"
    )
    func endingIsSeenByEveryTransition() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = fixture.claim(&state, for: mine)
        #expect(!state.needsPublishing)
        let ending = Strata.Ending(at: nil)
        #expect(state.close(with: ending).isClosed)
        #expect(state.needsPublishing)
        #expect(state.phase == .closing)
        #expect(!state.close(with: Strata.Ending(at: nil)).isClosed)
        // Closed, it takes no child; it serves until its own work stops.
        #expect(state.serves)
        _ = state.stopServing()
        #expect(state.phase == .ending)
        #expect(fixture.settle(&state, from: mine).description == "ended")
        #expect(fixture.claim(&state, for: fixture.construction()).isEnded)
        #expect(state.abandon(fixture.key, mine).description == "ended")
        let child = ScopeCore(
            tier: InteractionTier.self, parent: nil, fileID: #fileID, line: #line)
        #expect(state.adopt(child) == .parentEnded)
        #expect(state.liveChildren.isEmpty)
    }
}
