import Synchronization

/// One test's share of the container trees it touches, for the leak check: the containers
/// the test owns that began and have not ended, and the judgements of those that ended.
///
/// A container is owned by one test, decided in this order: the test whose task made it; if
/// it was made outside every test (a detached task, a Dispatch queue), the test whose task
/// first used it; else its parent's owner. Never the test that watches its root, nor the
/// one whose action started the work that uses it: work Strata starts carries the ledger of
/// the container it serves (see ``ScopeCore/ledgerOfItsWork``). A container owned by a test
/// that is not checked is owned by ``unchecked``, which keeps nothing; one whose owner
/// cannot be decided is charged to no test, and only its root's `onLeak` hears of its leaks.
///
/// It keeps names, identities and judgements, never a container, so it keeps nothing alive;
/// its lock is Strata's, which the thread sanitizer sees.
package final class TestLedger: Sendable {
    /// The ledger of the test running in this task: a checked test's, or ``unchecked`` for
    /// one that allows survivors; `nil` for a test with no trait, and outside every test.
    @TaskLocal package static var current: TestLedger?

    /// The owner of every container a test that is not checked owns: it lists nothing and
    /// keeps no judgement, so such a container is charged to no checked test.
    package static let unchecked = TestLedger(grace: .zero, isChecked: false)

    /// Whether the test keeps what it owns for a check; only ``unchecked`` does not.
    let isChecked: Bool

    /// A container that began and has not ended.
    package struct Open: Sendable {
        /// The container's type and tier.
        package let container: ContainerDescription
        /// Where its scope was made.
        package let fileID: String
        /// The full path of that file.
        package let filePath: String
        /// The line its scope was made on.
        package let line: Int
        /// The containers from the root down to it: `AppContainer › SignedInContainer`.
        package let path: [String]
        /// The open containers above it that it keeps alive, nearest first: filled in when
        /// the ledger is settled.
        package internal(set) var keepsOpen: [ContainerDescription] = []
        /// Its identity, and those of the containers above it, nearest first.
        let id: ObjectIdentifier
        let ancestors: [ObjectIdentifier]
    }

    /// What the test left behind once it settled.
    package struct Settled: Sendable {
        /// The instances confirmed leaked.
        package let leaks: [WatchedInstance]
        /// The instances still alive whose judgement had not come when the check stopped
        /// waiting: work their end started was still running.
        package let unjudged: [WatchedInstance]
        /// The containers still open, each with the open containers above it that only it
        /// keeps alive: a container alive because a live child holds it is named under that
        /// child, once.
        package let open: [Open]
    }

    private struct State {
        var open: [ObjectIdentifier: Open] = [:]
        var judgements: [Judgement] = []
        /// Given when the last open container ends, while the check waits for that.
        var noneOpen: OneShot<Void>?
    }

    /// How long the check waits, and how long the trees it makes wait to judge.
    package let grace: Duration
    private let state = Lock(State())

    /// Makes the ledger of a checked test, whose check waits up to `grace`.
    package convenience init(grace: Duration) { self.init(grace: grace, isChecked: true) }

    private init(grace: Duration, isChecked: Bool) {
        self.grace = grace
        self.isChecked = isChecked
    }

    /// Lists `core`, which has just begun.
    ///
    /// Listed, then checked: an end that began in the meantime, on another thread, may have
    /// reported already, and would leave it listed for ever. One that begins after the check
    /// reports later, and takes it off.
    func began(_ core: ScopeCore) {
        guard isChecked else { return }
        var path: [String] = []
        var ancestors: [ObjectIdentifier] = []
        var next = core.parent
        while let scope = next {
            path.insert(scope.containerDescription.typeName, at: 0)
            ancestors.append(ObjectIdentifier(scope))
            next = scope.parent
        }
        path.append(core.containerDescription.typeName)
        let entry = Open(
            container: core.containerDescription, fileID: "\(core.fileID)",
            filePath: "\(core.read { $0.side?.filePath } ?? core.fileID)", line: Int(core.line),
            path: path,
            id: ObjectIdentifier(core), ancestors: ancestors)
        state.withLock { $0.open[entry.id] = entry }
        if !core.isActive { ended(core) }
    }

    /// Takes `core` off the list: its end has reported.
    func ended(_ core: ScopeCore) {
        guard isChecked else { return }
        let noneOpen = state.withLock { state -> OneShot<Void>? in
            guard state.open.removeValue(forKey: ObjectIdentifier(core)) != nil,
                state.open.isEmpty
            else { return nil }
            return state.noneOpen.take()
        }
        noneOpen?.give(())
    }

    /// Keeps `judgement`, of a container charged to this test, to wait for.
    func watching(_ judgement: Judgement) {
        guard isChecked else { return }
        state.withLock { $0.judgements.append(judgement) }
    }

    /// Waits for the test's trees to settle, once its body has returned: up to the grace
    /// period for the containers still open to end (a container that ends then is judged
    /// too), then for the judgements of every end charged to the test, each due a grace
    /// period after its work finished.
    ///
    /// - Returns: The leaks, what could not be judged, and the containers still open.
    package func settle() async -> Settled {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: grace)
        let noneOpen = state.withLock { state -> OneShot<Void>? in
            guard !state.open.isEmpty else { return nil }
            let noneOpen = OneShot<Void>()
            state.noneOpen = noneOpen
            return noneOpen
        }
        if let noneOpen { _ = await noneOpen.value(until: deadline) }
        // A judgement is due a grace period after its end's work finished, and may wait a
        // grace period more for a busy main actor; on a loaded machine, later still. Only
        // work that never finishes keeps one from coming: that is what the cap is for.
        let judged = deadline.advanced(by: max(grace * 3, .seconds(30)))
        var leaks: [WatchedInstance] = []
        var unjudged: [WatchedInstance] = []
        var seen = 0
        while true {
            // Judgements added while the earlier ones were awaited are awaited too.
            let more = state.withLock { Array($0.judgements.dropFirst(seen)) }
            guard !more.isEmpty else { break }
            seen += more.count
            for judgement in more {
                if let verdict = await judgement.verdict.value(until: judged) {
                    // Judged while the body still ran, an instance its locals held is gone
                    // by now: what the test holds until its body returns is no leak.
                    let alive = Set(judgement.instances.filter(\.isStillAlive).map(\.object))
                    leaks += verdict.filter { alive.contains($0.object) }
                } else {
                    unjudged += judgement.instances.filter(\.isStillAlive)
                }
            }
        }
        let open = state.withLock { state in
            state.judgements = []
            return Array(state.open.values)
        }
        return Settled(leaks: leaks, unjudged: unjudged, open: Self.grouped(open))
    }

    /// The open containers with no open container below them, each naming the open ones
    /// above it that it alone accounts for.
    private static func grouped(_ open: [Open]) -> [Open] {
        let openIDs = Set(open.map(\.id))
        let belowOthers = Set(open.flatMap(\.ancestors)).intersection(openIDs)
        var named: Set<ObjectIdentifier> = []
        var reported: [Open] = []
        for var container in open.sorted(by: { $0.path.count > $1.path.count })
        where !belowOthers.contains(container.id) {
            for ancestor in container.ancestors where openIDs.contains(ancestor) {
                guard named.insert(ancestor).inserted,
                    let above = open.first(where: { $0.id == ancestor })
                else { continue }
                container.keepsOpen.append(above.container)
            }
            reported.append(container)
        }
        return reported
    }
}
