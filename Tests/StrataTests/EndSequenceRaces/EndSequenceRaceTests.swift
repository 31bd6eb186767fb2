import Dispatch
import Foundation
import Strata
import Testing

/// Attacks on the end's sequence: `end()` and `endAndWait` racing on one container and on
/// parents and children, hand-offs along a chain, hooks and deinits that end or make
/// containers, a `ContainerStack` during its owner's end, a child released while its parent
/// ends, and the drain.
///
/// The promises checked: every hook runs exactly once, each container's hooks newest first,
/// a child's hooks and release before any of its parent's hooks; `end()` never blocks on an
/// end that runs elsewhere and names its container in `stillEnding` when it left its steps
/// there; `endAndWait`, during or after, gives the whole end's report, each container once,
/// children before parents, with nothing still ending.
///
/// Everything that could hang runs in the child process of an exit test, under
/// ``exitIfStuck(_:_:)``'s ten-second watchdog, with deadlines of thirty seconds. The child
/// writes the violations it found to standard error as an ``ChildOutcome``; the test expects
/// there are none, so that a failure shows them.
// Serialized: each case is an exit test, a process of its own; run all at once under
// ThreadSanitizer, they held both cores long enough to starve other suites' tasks.
@Suite("Attacks on the end's sequence", .serialized)
struct EndSequenceAttackTests {
    @Test(
        "end() and endAndWait racing on a tree from six threads: every hook once, children first",
        .timeLimit(.minutes(1)))
    func racingEnds() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await ChildOutcome.report("racing ends") {
                await AttackScenarios.racingEnds(rounds: isUnderThreadSanitizer ? 12 : 150)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "a grandchild's end blocked elsewhere: the app's end hands its steps on, then finishes",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func handOffChain(awaited: Bool) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [awaited] in
            await ChildOutcome.report("a hand-off chain") {
                await AttackScenarios.handOffChain(awaited: awaited)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "hooks that end or await other containers of the tree", .timeLimit(.minutes(1)),
        arguments: HookAttack.all)
    func hooksEndingContainers(_ attack: HookAttack) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [attack] in
            await ChildOutcome.report("\(attack.testDescription)") { await attack.run() }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    // Fails on the quiet cases (04d48a3): a quiet end records no `Ending`, so a parent's end
    // that finds the child listed but no longer active (`.begun(nil)` in `EndSequence`'s
    // `endNowAsChild` and `endAwaitedAsChild`) goes on without waiting for its release.
    @Test(
        "an instance's deinit that ends its container's parent and makes children",
        .timeLimit(.minutes(1)), arguments: DeinitAttack.all)
    func deinitEndingTheParent(_ attack: DeinitAttack) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [attack] in
            await ChildOutcome.report("\(attack.testDescription)") { await attack.run() }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "a stack pushing during and after its owner's end", .timeLimit(.minutes(1)),
        arguments: [false, true])
    func presentingDuringTheOwnersEnd(awaited: Bool) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [awaited] in
            await ChildOutcome.report("presenting during the owner's end") {
                await AttackScenarios.presentingDuringTheOwnersEnd(awaited: awaited)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "a child released without end() while its parent ends on another thread",
        .timeLimit(.minutes(1)))
    func releasedChildWhileTheParentEnds() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await ChildOutcome.report("a child released while its parent ends") {
                await AttackScenarios.releasedChildRace(rounds: isUnderThreadSanitizer ? 15 : 200)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "a drain while children end on other threads and new children are refused",
        .timeLimit(.minutes(1)), arguments: [true, false])
    func drainWhileChildrenEnd(everyChildEnds: Bool) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [everyChildEnds] in
            await ChildOutcome.report("a drain") {
                await AttackScenarios.drain(everyChildEnds: everyChildEnds)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    // Fails (04d48a3): `endAwaitedAsChild` awaits `ending.done.outcome()` of a child whose end
    // began elsewhere with no deadline.
    @Test(
        "endAndWait's deadline bounds its wait for a child whose end runs elsewhere",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func deadlineWhileAChildEndsElsewhere(draining: Bool) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [draining] in
            await ChildOutcome.report("a deadline while a child ends elsewhere") {
                await AttackScenarios.deadlineWhileAChildEndsElsewhere(draining: draining)
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }

    @Test(
        "reports list each container once, children first, with nothing overran or still ending",
        .timeLimit(.minutes(1)))
    func reportContents() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await ChildOutcome.report("report contents") {
                await AttackScenarios.reportContents()
            }
        }
        let outcome = try #require(ChildOutcome(result))
        #expect(outcome.violations == [])
    }
}
