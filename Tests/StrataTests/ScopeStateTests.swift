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

    /// A task's construction, prepared as the shell prepares one before its claim.
    ///
    /// Its task waits for the claim's answer: discard it once the test is done with it.
    func taskConstruction(
        _ make: @escaping @Sendable (Override?) async throws -> Instance = { _ in
            Instance(Thing())
        }
    ) -> Construction {
        Construction(frame: frame, outerFrames: [], make: make)
    }

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
        defer { second.discard() }
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
        defer { second.discard() }
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

/// A task's construction, made before its claim as the shell makes it: its task waits for
/// the claim's answer before it builds.
@Suite("Construction prepared before its claim")
struct PreparedConstructionTests {
    @Test("a discarded construction never builds", .timeLimit(.minutes(1)))
    func discardedNeverBuilds() async {
        let fixture = Fixture()
        let built = Mutex(false)
        let construction = fixture.taskConstruction { _ in
            built.withLock { $0 = true }
            return Instance(Fixture.Thing())
        }
        construction.discard()
        let result = await construction.built()
        #expect((try? result.get()) == nil)
        #expect(!built.withLock { $0 })
    }

    @Test("a claimed construction builds once begun", .timeLimit(.minutes(1)))
    func claimedBuildsOnceBegun() async {
        let fixture = Fixture()
        var state = ScopeState()
        let construction = fixture.taskConstruction()
        guard case .claimed(let override) = fixture.claim(&state, for: construction) else {
            Issue.record("the first claim was not the construction's")
            return
        }
        construction.begin(with: override)
        let result = await construction.built()
        #expect((try? result.get()) != nil)
    }

    /// A finished construction's work lets go of what it made (issue #37).
    ///
    /// The runtime frees a task only after it has resumed the task's waiters, so a finished
    /// construction's task may outlive the caller's whole request. Its work is held here past
    /// the construction, as such a task holds it: it must keep nothing it made.
    @Test("a construction's finished work keeps nothing it made", .timeLimit(.minutes(1)))
    func finishedWorkKeepsNothing() async throws {
        let fixture = Fixture()
        weak var made: Fixture.Thing?
        var construction: Construction? = fixture.taskConstruction()
        let work = try #require(construction?.work)
        construction?.begin(with: nil)
        if let result = await construction?.built() {
            made = (try? result.get())?.object as? Fixture.Thing
        }
        #expect(made != nil)
        #expect(work.isFinished)
        construction = nil
        #expect(made == nil, "the finished work still holds what it made")
        withExtendedLifetime(work) {}
    }
}
