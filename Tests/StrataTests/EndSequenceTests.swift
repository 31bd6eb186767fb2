import Dispatch
import Foundation
import Strata
import Testing

/// The end's sequence, as issue 36 sets it: a hook that ends an ancestor neither hangs nor
/// cuts the ancestor's end short; an `end()` on the main actor hands its remaining steps to a
/// teardown in progress instead of blocking on it; a container's tasks are cancelled, and
/// awaited, before its hooks run; `ContainerStack` ends its containers top first.
///
/// What could hang runs in the child process of an exit test, under ``exitIfStuck(_:_:)``'s
/// ten-second watchdog, with deadlines of thirty seconds so that the watchdog fires first.
/// The child writes what it saw to standard error as an ``EndOutcome``, and the test checks
/// it here, where a failed expectation shows its values.
@Suite("The end's sequence")
struct EndSequenceTests {
    // MARK: A hook that ends an ancestor

    @Test(
        "a child's hook that ends its parent returns, and the parent then ends completely",
        .timeLimit(.minutes(1)), arguments: HookEndingParent.all)
    func hookEndingTheParent(_ scenario: HookEndingParent) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [scenario] in
            await EndOutcome.report("the end of \(scenario)") { await scenario.run() }
        }
        let outcome = try #require(EndOutcome(result))
        let hooks = outcome.log.filter { $0 != "outer end returned" }
        let ancestor = ["ancestor hook 2", "ancestor hook 1"]
        #expect(hooks.filter { $0.hasPrefix("ancestor") } == ancestor)
        #expect(
            hooks.filter { $0.hasPrefix("child") || $0.hasPrefix("parent") } == [
                "child hook 3", "child ends parent", "parent end returned", "child hook 1",
            ])
        #expect(hooks.filter { $0 == "sibling hook" }.count == 1)
        #expect(Array(hooks.suffix(2)) == ancestor, "the ancestor's hooks run after its children's")
        #expect(outcome.overran.isEmpty)
        #expect(!outcome.ancestorActive)
    }

    // MARK: end() on the main actor during a child's teardown

    @Test(
        "end() on the main actor hands its steps to a child's teardown whose async hook needs the main actor",
        .timeLimit(.minutes(1)))
    func mainActorEndDuringAnAsyncHook() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await EndOutcome.report("session.end() on the main actor") {
                await MainActorEnd.run(.asyncHook)
            }
        }
        let outcome = try #require(EndOutcome(result))
        #expect(
            outcome.log == [
                "feature hook begins", "session.end() returned", "feature hook on the main actor",
                "feature hook done", "session hook",
            ])
        #expect(outcome.overran.isEmpty)
        #expect(!outcome.ancestorActive)
    }

    @Test(
        "end() on the main actor does not deadlock with a child's hook that syncs onto the main queue",
        .timeLimit(.minutes(1)))
    func mainActorEndDuringAMainQueueSync() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await EndOutcome.report("session.end() on the main actor") {
                await MainActorEnd.run(.mainQueueSync)
            }
        }
        let outcome = try #require(EndOutcome(result))
        #expect(
            outcome.log == [
                "feature hook begins", "session.end() returned", "feature hook on the main actor",
                "feature hook done", "session hook",
            ])
        #expect(outcome.overran.isEmpty)
        #expect(!outcome.ancestorActive)
    }

    // MARK: Tasks before hooks

    @Test(
        "endAndWait cancels and awaits the container's tasks before it runs its hooks",
        .timeLimit(.minutes(1)), arguments: TaskHook.allCases)
    func tasksAwaitedBeforeHooks(_ hook: TaskHook) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [hook] in
            await EndOutcome.report("endAndWait with a task and a \(hook)") {
                await hook.runAwaited()
            }
        }
        let outcome = try #require(EndOutcome(result))
        #expect(outcome.log == ["task cancelled", "task done", "hook"])
        #expect(outcome.overran.isEmpty)
    }

    @Test(
        "end() cancels the container's tasks before it runs its hooks",
        .timeLimit(.minutes(1)), arguments: [TaskHook.closure, .lease])
    func tasksCancelledBeforeHooks(_ hook: TaskHook) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [hook] in
            await EndOutcome.report("end() with a task and a \(hook)") { await hook.runEnd() }
        }
        let outcome = try #require(EndOutcome(result))
        #expect(outcome.log == ["task cancelled", "hook", "end() returned", "task done"])
    }

    // MARK: ContainerStack

    @Test(
        "the owner's end ends its kept children newest presented first",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func childContainersEndNewestPresentedFirst(awaited: Bool) async {
        let log = EventLog()
        let session = TestApp().makeSession()
        let screens = ContainerStack(in: session)
        // Made first, presented last: the top of the stack.
        let prepared = session.makeFeature()
        prepared.onEnd { _ in log.record("prepared") }
        let home = session.makeFeature()
        home.onEnd { _ in log.record("home") }
        screens.push(home)
        screens.push(prepared)

        if awaited {
            await session.endAndWait(within: .seconds(30))
        } else {
            session.end()
        }

        #expect(log.all == ["prepared", "home"])
    }
}

// MARK: - What a child process saw

/// What the child process of an exit test saw, written to its standard error for the test to
/// check.
struct EndOutcome: ChildProcessOutcome {
    /// The scenario's events, in order.
    var log: [String]
    /// The work the end reports listed as overran.
    var overran: [String] = []
    /// Whether the container the scenario's hook ended was still active at the end.
    var ancestorActive = false

    static let marker = "end-outcome: "

    init(log: [String], overran: [EndWork] = [], ancestorActive: Bool = false) {
        self.log = log
        self.overran = overran.map(\.description)
        self.ancestorActive = ancestorActive
    }
}

// MARK: - Containers with a lease

/// An instance that gives something back when its container ends: a lease returning its
/// connection.
final class Lease: ScopeBound {
    private let giveBack: @Sendable () -> Void

    init(_ giveBack: @escaping @Sendable () -> Void) { self.giveBack = giveBack }

    func scopeDidEnd() { giveBack() }
}

/// An instance whose async end runs `giveBack`.
final class AsyncLease: AsyncScopeBound {
    private let giveBack: @Sendable () -> Void

    init(_ giveBack: @escaping @Sendable () -> Void) { self.giveBack = giveBack }

    func scopeDidEnd() async {
        await Task.yield()
        giveBack()
    }
}

/// A container whose lease runs the closure it was made with when it ends.
protocol Leasing: Container {
    var lease: Provider<Lease> { get }
    var asyncLease: Provider<AsyncLease> { get }
}

/// A feature with a lease, under an app, a session or a feature.
final class LeasingFeature: Container, Leasing {
    let scope: FeatureScope<any Container>
    private let giveBack: @Sendable () -> Void

    init<Parent: Container>(parent: Parent, giveBack: @escaping @Sendable () -> Void)
    where Parent.ContainerTier: FeatureParentTier {
        self.giveBack = giveBack
        scope = FeatureScope(parent: parent)
    }

    var lease: Provider<Lease> { shared { Lease(self.giveBack) } }
    var asyncLease: Provider<AsyncLease> { shared { AsyncLease(self.giveBack) } }
}

/// A dialog with a lease, under a feature.
final class LeasingDialog: Container, Leasing {
    let scope: InteractionScope<TestFeature>
    private let giveBack: @Sendable () -> Void

    init(parent: TestFeature, giveBack: @escaping @Sendable () -> Void) {
        self.giveBack = giveBack
        scope = InteractionScope(parent: parent)
    }

    var lease: Provider<Lease> { shared { Lease(self.giveBack) } }
    var asyncLease: Provider<AsyncLease> { shared { AsyncLease(self.giveBack) } }
}

// MARK: - A hook that ends an ancestor

/// A child whose end ends its parent: its hook, or the end of one of its instances, calls the
/// parent's `end()`, while the child itself is ended by `endAndWait` or by `end()`.
struct HookEndingParent: Codable, Sendable, CustomTestStringConvertible {
    enum Tiers: String, Codable, Sendable, CaseIterable {
        /// A feature whose end ends its session.
        case featureEndsSession
        /// A dialog whose end ends its feature.
        case dialogEndsFeature
    }

    enum Hook: String, Codable, Sendable, CaseIterable {
        /// An `onEnd { _ in parent.end() }` closure.
        case closure
        /// An instance's `ScopeBound.scopeDidEnd()`.
        case lease
    }

    enum OuterEnd: String, Codable, Sendable, CaseIterable {
        case endAndWait
        case end
    }

    var tiers: Tiers
    var hook: Hook
    var outer: OuterEnd

    static let all = Tiers.allCases.flatMap { tiers in
        Hook.allCases.flatMap { hook in
            OuterEnd.allCases.map { HookEndingParent(tiers: tiers, hook: hook, outer: $0) }
        }
    }

    var testDescription: String { "\(tiers), \(hook), \(outer)()" }

    /// Builds the tree — app, session, and under the ancestor an older sibling and the child
    /// — ends the child, then ends the app, which waits for the ancestor's end to finish.
    func run() async -> EndOutcome {
        let log = EventLog()
        let app = TestApp(log: log)
        let session = app.makeSession()
        let endParent: @Sendable (any Container) -> Void = { parent in
            log.record("child ends parent")
            parent.end()
            log.record("parent end returned")
        }
        let ancestor: any Container
        let sibling: any Container
        let child: any Leasing
        switch tiers {
        case .featureEndsSession:
            ancestor = session
            sibling = session.makeFeature()
            child = LeasingFeature(parent: session) { endParent(session) }
        case .dialogEndsFeature:
            let feature = session.makeFeature()
            ancestor = feature
            sibling = feature.makeInteraction()
            child = LeasingDialog(parent: feature) { endParent(feature) }
        }
        ancestor.onEnd { _ in log.record("ancestor hook 1") }
        ancestor.onEnd { _ in log.record("ancestor hook 2") }
        sibling.onEnd { _ in log.record("sibling hook") }
        child.onEnd { _ in log.record("child hook 1") }
        switch hook {
        case .closure: child.onEnd { _ in endParent(ancestor) }
        case .lease: _ = child.lease()
        }
        child.onEnd { _ in log.record("child hook 3") }

        let report: EndReport
        switch outer {
        case .endAndWait: report = await child.endAndWait(within: .seconds(30))
        case .end: report = child.end()
        }
        log.record("outer end returned")
        let appReport = await app.endAndWait(within: .seconds(30))
        return EndOutcome(
            log: log.all.filter { !$0.hasPrefix("made") },
            overran: report.overran + appReport.overran,
            ancestorActive: ancestor.isActive)
    }
}

// MARK: - end() on the main actor

/// A session's `end()` on the main actor while its feature's `endAndWait` runs a hook that
/// needs the main actor.
enum MainActorEnd {
    enum Hook {
        /// An async hook that, let go once `end()` has returned, awaits `MainActor.run`.
        case asyncHook
        /// A synchronous hook that calls `DispatchQueue.main.sync`, while the main actor is
        /// held from before it does until `end()` returns.
        case mainQueueSync
    }

    @MainActor
    static func run(_ hook: Hook) async -> EndOutcome {
        let log = EventLog()
        let app = TestApp(log: log)
        let session = app.makeSession()
        let feature = session.makeFeature()
        session.onEnd { _ in log.record("session hook") }
        let asyncHookStarted = AsyncGate()
        let endReturned = AsyncGate()
        let syncHookStarted = Arrivals()
        switch hook {
        case .asyncHook:
            feature.onEnd { _ in
                log.record("feature hook begins")
                asyncHookStarted.open()
                await endReturned.wait()
                await MainActor.run { log.record("feature hook on the main actor") }
                log.record("feature hook done")
            }
        case .mainQueueSync:
            feature.onEnd { _ in
                log.record("feature hook begins")
                syncHookStarted.arrive()
                DispatchQueue.main.sync { log.record("feature hook on the main actor") }
                log.record("feature hook done")
            }
        }
        let teardown = Task.detached { await feature.endAndWait(within: .seconds(30)) }
        switch hook {
        case .asyncHook:
            await asyncHookStarted.wait()
        case .mainQueueSync:
            // Blocks the main actor from here to the end of `end()`: the hook's sync onto
            // the main queue cannot run before `end()` returns.
            exitUnless(syncHookStarted.wait(for: 1), status: 89, "the feature's hook did not start")
        }

        session.end()
        log.record("session.end() returned")
        endReturned.open()

        let report = await teardown.value
        let appReport = await app.endAndWait(within: .seconds(30))
        return EndOutcome(
            log: log.all, overran: report.overran + appReport.overran,
            ancestorActive: session.isActive)
    }
}

// MARK: - Tasks before hooks

/// The hook that runs after a container's task: a closure, an async closure, or the end of an
/// instance.
enum TaskHook: String, Codable, Sendable, CaseIterable {
    case closure
    case asyncClosure
    case lease
    case asyncLease

    /// A feature with a task that, cancelled, waits for `release` before it finishes, and a
    /// newer hook of this kind; both record in `log`.
    private func makeFeature(
        log: EventLog, started: AsyncGate, cancelled: AsyncGate, release: AsyncGate
    ) -> (LeasingFeature, Task<Void, Never>) {
        let feature = LeasingFeature(parent: TestApp(log: log)) { log.record("hook") }
        let task = feature.task {
            await withTaskCancellationHandler {
                started.open()
                await release.wait()
            } onCancel: {
                log.record("task cancelled")
                cancelled.open()
            }
            log.record("task done")
        }
        switch self {
        case .closure: feature.onEnd { _ in log.record("hook") }
        case .asyncClosure:
            feature.onEnd { _ in
                await Task.yield()
                log.record("hook")
            }
        case .lease: _ = feature.lease()
        case .asyncLease: _ = feature.asyncLease()
        }
        return (feature, task)
    }

    /// Ends the feature with `endAndWait`, and lets its task finish once it is cancelled.
    func runAwaited() async -> EndOutcome {
        let log = EventLog()
        let (started, cancelled, release) = (AsyncGate(), AsyncGate(), AsyncGate())
        let (feature, _) = makeFeature(
            log: log, started: started, cancelled: cancelled, release: release)
        await started.wait()
        let teardown = Task { await feature.endAndWait(within: .seconds(30)) }
        await cancelled.wait()
        release.open()
        let report = await teardown.value
        return EndOutcome(log: log.all, overran: report.overran)
    }

    /// Ends the feature with `end()`, then lets its task finish.
    func runEnd() async -> EndOutcome {
        let log = EventLog()
        let (started, release) = (AsyncGate(), AsyncGate())
        let (feature, task) = makeFeature(
            log: log, started: started, cancelled: AsyncGate(), release: release)
        await started.wait()
        feature.end()
        log.record("end() returned")
        release.open()
        await task.value
        return EndOutcome(log: log.all)
    }
}
