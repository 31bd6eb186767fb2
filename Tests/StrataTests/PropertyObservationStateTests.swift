import Strata
import Testing

/// The transitions of the one registration a property observation keeps, driven on one
/// thread with made-up agents.
@Suite("A property observation's registration")
struct PropertyObservationStateTests {
    private let reader = Agent.task(1)
    private let other = Agent.task(2)

    /// Whether `arm` answered `ready`.
    private func isReady(_ arm: PropertyObservationState.Arm) -> Bool {
        if case .ready = arm { true } else { false }
    }

    /// The generation `arm` asked to install, if it did.
    private func installed(_ arm: PropertyObservationState.Arm) -> Int? {
        if case .install(let generation, _) = arm { generation } else { nil }
    }

    /// Whether the registration is live with the number `generation`.
    private func isLive(_ state: PropertyObservationState, _ generation: Int) -> Bool {
        if case .live(generation) = state.registration { true } else { false }
    }

    @Test("the first read claims, installs, and every later read finds it live")
    func firstReadInstalls() {
        var state = PropertyObservationState()
        guard case .claim = state.arm(as: reader, holding: nil) else {
            Issue.record("a read with no registration live did not claim")
            return
        }
        let token = Construction(builder: reader)
        let arm = state.arm(as: reader, holding: token)
        #expect(installed(arm) == 0)
        state.installed(0)
        #expect(isLive(state, 0))
        let byOther = state.arm(as: other, holding: nil)
        let byReader = state.arm(as: reader, holding: nil)
        #expect(isReady(byOther))
        #expect(isReady(byReader))
        #expect(state.installs == 1)
    }

    @Test("a read by another agent waits out the install; one nested in it goes on")
    func readsDuringAnInstall() {
        var state = PropertyObservationState()
        let token = Construction(builder: reader)
        _ = state.arm(as: reader, holding: token)
        guard case .wait(let waited) = state.arm(as: other, holding: nil) else {
            Issue.record("a read by another agent during the install did not wait")
            return
        }
        #expect(waited === token)
        let nested = state.arm(as: reader, holding: nil)
        #expect(isReady(nested))
    }

    @Test("a firing unarms the property and tells the followers once; the next read installs")
    func firingUnarms() {
        var state = PropertyObservationState()
        _ = state.arm(as: reader, holding: Construction(builder: reader))
        state.installed(0)
        let first = state.fired(0)
        let second = state.fired(0)
        #expect(first)
        #expect(!second)
        guard case .none = state.registration else {
            Issue.record("the registration is still live after it fired")
            return
        }
        let next = state.arm(as: other, holding: Construction(builder: other))
        #expect(installed(next) == 1)
        state.installed(1)
        #expect(isLive(state, 1))
        #expect(state.installs == 2)
    }

    @Test("a firing during its install tells the followers, and leaves it not live")
    func firingDuringTheInstall() {
        var state = PropertyObservationState()
        _ = state.arm(as: reader, holding: Construction(builder: reader))
        let first = state.fired(0)
        let second = state.fired(0)
        #expect(first)
        #expect(!second)
        state.installed(0)
        guard case .none = state.registration else {
            Issue.record("a registration that fired while installed was left live")
            return
        }
    }

    @Test("a late call of an older registration neither tells the followers nor unarms")
    func lateFiringIsIgnored() {
        var state = PropertyObservationState()
        _ = state.arm(as: reader, holding: Construction(builder: reader))
        state.installed(0)
        _ = state.fired(0)
        _ = state.arm(as: reader, holding: Construction(builder: reader))
        let duringInstall = state.fired(0)
        state.installed(1)
        let afterInstall = state.fired(0)
        #expect(!duringInstall)
        #expect(!afterInstall)
        #expect(isLive(state, 1))
    }
}
