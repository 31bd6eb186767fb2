import Strata
import Testing

/// A provider's frame and a construction for it, as the shell would make them.
private struct Fixture {
    final class Thing {}
    let core = ScopeCore(tier: AppTier.self, parent: nil, fileID: #fileID, line: #line)
    let marker = Thing()
    let key = ProviderKey(name: "thing", line: 1, type: Thing.self)

    var frame: Frame {
        Frame(core: core, key: key, site: ProviderSite(name: "thing", argument: nil))
    }

    func construction() -> Construction {
        Construction(builder: .thread(ObjectIdentifier(marker)), frame: frame)
    }
}

/// The scope's state machine driven directly: each transition, on one thread, with no lock.
@Suite("ScopeState transitions")
struct ScopeStateTests {
    @Test("the first claim takes the entry; a second of the same kind waits on that one")
    func claimThenWait() throws {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        guard
            case .claimed(let claimed, nil) = state.claim(
                fixture.frame, isAsync: false, start: { _ in mine })
        else {
            Issue.record("the first claim did not take the entry")
            return
        }
        #expect(claimed === mine)
        let other = fixture.construction()
        guard
            case .wait(let waitedOn) = state.claim(
                fixture.frame, isAsync: false, start: { _ in other })
        else {
            Issue.record("a second claim did not wait")
            return
        }
        #expect(waitedOn === mine)
    }

    @Test("a settled claim stores the instance: later claims and cached reads find it")
    func settleStores() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = state.claim(fixture.frame, isAsync: false) { _ in mine }
        let instance = Instance(Fixture.Thing())
        guard
            case .kept = state.settle(
                instance, for: fixture.frame, from: mine, storage: .strong, keeps: true)
        else {
            Issue.record("the instance was not kept")
            return
        }
        let cached = state.cachedInstance(fixture.key).map { ObjectIdentifier($0.object) }
        #expect(cached == ObjectIdentifier(instance.object))
        guard
            case .found(let found) = state.claim(
                fixture.frame, isAsync: false, start: { _ in fixture.construction() })
        else {
            Issue.record("a later claim did not find the instance")
            return
        }
        #expect(ObjectIdentifier(found.object) == ObjectIdentifier(instance.object))
    }

    @Test("a claim of the other kind takes the entry over; the one taken over is dropped")
    func otherKindTakesOver() {
        let fixture = Fixture()
        var state = ScopeState()
        let first = fixture.construction()
        _ = state.claim(fixture.frame, isAsync: false) { _ in first }
        let second = fixture.construction()
        guard
            case .claimed(let claimed, _) = state.claim(
                fixture.frame, isAsync: true, start: { _ in second })
        else {
            Issue.record("a claim of the other kind waited")
            return
        }
        #expect(claimed === second)
        let late = Instance(Fixture.Thing())
        guard
            case .dropped(current: nil) = state.settle(
                late, for: fixture.frame, from: first, storage: .strong, keeps: true)
        else {
            Issue.record("the construction taken over still stored")
            return
        }
        #expect(state.cachedInstance(fixture.key) == nil)
    }

    @Test("an abandoned claim frees the entry, and the next claim builds")
    func abandonFrees() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = state.claim(fixture.frame, isAsync: false) { _ in mine }
        guard case .some(nil) = state.abandon(fixture.key, mine) else {
            Issue.record("abandoning an active scope's claim reported an end or an instance")
            return
        }
        let next = fixture.construction()
        guard
            case .claimed(let claimed, _) = state.claim(
                fixture.frame, isAsync: false, start: { _ in next })
        else {
            Issue.record("the entry stayed claimed after it was abandoned")
            return
        }
        #expect(claimed === next)
    }

    @Test("a policy that keeps nothing passes the instance on and leaves the entry free")
    func passedOnLeavesEntryFree() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = state.claim(fixture.frame, isAsync: false) { _ in mine }
        let instance = Instance(Fixture.Thing())
        guard
            case .passedOn = state.settle(
                instance, for: fixture.frame, from: mine, storage: .strongUnlessNil, keeps: false)
        else {
            Issue.record("an instance the policy does not keep was not passed on")
            return
        }
        guard
            case .claimed = state.claim(
                fixture.frame, isAsync: false, start: { _ in fixture.construction() })
        else {
            Issue.record("the entry was not freed")
            return
        }
    }

    @Test(
        "the end begins once and asks the shell to publish; then claims, settles and children see it"
    )
    func endingIsSeenByEveryTransition() {
        let fixture = Fixture()
        var state = ScopeState()
        let mine = fixture.construction()
        _ = state.claim(fixture.frame, isAsync: false) { _ in mine }
        #expect(!state.needsPublishing)
        let began = state.beginEnding()
        #expect(began)
        #expect(state.needsPublishing)
        #expect(state.phase == .ending)
        let beganAgain = state.beginEnding()
        #expect(!beganAgain)
        let settled = state.settle(
            Instance(Fixture.Thing()), for: fixture.frame, from: mine, storage: .strong, keeps: true
        )
        #expect(settled == nil)
        guard
            case .ended = state.claim(
                fixture.frame, isAsync: false, start: { _ in fixture.construction() })
        else {
            Issue.record("a claim after the end began did not report it")
            return
        }
        let abandoned = state.abandon(fixture.key, mine)
        #expect(abandoned == nil)
        var made = false
        let child = state.adopt {
            made = true
            return ScopeCore(
                tier: InteractionTier.self, parent: fixture.core, fileID: #fileID, line: #line)
        }
        #expect(child == nil)
        #expect(!made)
    }
}
