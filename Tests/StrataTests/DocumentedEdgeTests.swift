import Strata
import Testing

/// The edges the docs settle: an override inside a scoped one, the order of what overran an
/// `endAndWait`, hooks reached after its deadline, and a gather during an ancestor's end.
///
/// Which cross-thread cycles are reported is proved elsewhere: two constructions waiting for
/// each other by "a cycle across two threads is reported to both, never a hang"
/// (`ConcurrencyTests`); a factory blocking on a semaphore hangs, which no test can show.
@Suite("Documented behaviour: the edges")
struct DocumentedEdgeTests {
    @Test("override(_:) inside a withOverride operation takes effect over the scoped layer")
    func overrideInsideScopedLayer() async {
        let app = TestApp()
        app.config.override { Tracked("before", log: app.log) }
        var inside: Tracked?
        await app.config.withOverride {
            Tracked("scoped", log: app.log)
        } operation: {
            #expect(app.config().name == "scoped")
            app.config.override { Tracked("plain", log: app.log) }
            inside = app.config()
            #expect(inside?.name == "plain")
        }
        // The scoped layer went; the override made inside stays, with its instance, in place
        // of the one from before.
        #expect(app.config() === inside)
        #expect(app.log.all == ["made scoped", "end scoped", "released scoped", "made plain"])
    }

    @Test(
        "overran: children's before their parent's; tasks newest first, then hooks newest first",
        .timeLimit(.minutes(1)))
    func overranOrder() async {
        let app = TestApp()
        let stubborn = AsyncGate()
        let feature = app.makeFeature()
        let session = app.makeSession()
        var registered: [String: String] = [:]
        for (name, container) in [("app", app), ("feature", feature), ("session", session)]
            as [(String, any Container)]
        {
            registered["\(name) hook 1"] = Stubborn.hook(on: container, until: stubborn)
            registered["\(name) task 1"] = Stubborn.task(on: container, until: stubborn)
            registered["\(name) hook 2"] = Stubborn.hook(on: container, until: stubborn)
            registered["\(name) task 2"] = Stubborn.task(on: container, until: stubborn)
        }

        let report = await app.endAndWait(within: .milliseconds(100))
        stubborn.open()

        let order = [
            "session task 2", "session task 1", "session hook 2", "session hook 1",
            "feature task 2", "feature task 1", "feature hook 2", "feature hook 1",
            "app task 2", "app task 1", "app hook 2", "app hook 1",
        ]
        #expect(report.overran.map(Stubborn.label) == order.map { registered[$0] })
        #expect(report.ended.map(\.typeName) == ["TestSession", "TestFeature", "TestApp"])
    }

    @Test(
        "an async hook reached after the deadline is still started, then cancelled",
        .timeLimit(.minutes(1)))
    func hookReachedAfterDeadline() async {
        let app = TestApp()
        let feature = app.makeFeature()
        let log = EventLog()
        let lateFinished = AsyncGate()
        let stubborn = AsyncGate()
        // Registered first, so reached last: after the newer hook used up the deadline.
        let late = "hook at line \(#line + 1) in TestFeature"
        feature.onEnd { _ in
            log.record("late hook started")
            await untilCancelled()
            log.record("late hook cancelled: \(Task.isCancelled)")
            lateFinished.open()
        }
        let overrunning = Stubborn.hook(on: feature, until: stubborn)

        let report = await feature.endAndWait(within: .milliseconds(50))
        stubborn.open()
        await lateFinished.wait()

        #expect(report.overran.map(Stubborn.label) == [overrunning, late])
        #expect(log.all == ["late hook started", "late hook cancelled: true"])
    }

    @Test(
        "a gather during an ancestor's end still sees the ancestors: they serve while their children end",
        arguments: [
            (ending: "app", gathered: ["app", "session", "feature 1"]),
            (ending: "session", gathered: ["app", "session", "feature 1"]),
        ])
    func gatherDuringAncestorsEnd(ending: String, gathered: [String]) {
        let app = TestApp()
        let session = app.makeSession()
        let older = session.makeFeature()
        let newer = session.makeFeature()
        app.contribute(Names.self) { _ in "app" }
        session.contribute(Names.self) { _ in "session" }
        older.contribute(Names.self) { _ in "feature 1" }
        newer.contribute(Names.self) { _ in "feature 2" }
        let seen = Locked<[String]?>(nil)
        // The newer feature ends first: its ancestors up to the one ending are closing, and
        // still serve, while the older feature is still active.
        newer.onEnd { _ in seen.withLock { $0 = try? older.gather(Names.self) } }

        if ending == "app" { app.end() } else { session.end() }

        #expect(seen.withLock { $0 } == gathered)
    }
}

/// Async work that ignores cancellation until a gate opens, so that it overruns any
/// deadline, named as ``EndReport/overran`` names it.
enum Stubborn {
    /// Registers an async hook on `container` that waits for `gate`.
    ///
    /// - Returns: The hook as ``label(_:)`` names its entry in `overran`.
    static func hook(
        on container: some Container, until gate: AsyncGate,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> String {
        container.onEnd(fileID: fileID, line: line) { _ in await gate.wait() }
        return "hook at line \(line) in \(type(of: container))"
    }

    /// Starts a task in `container` that waits for `gate`.
    ///
    /// - Returns: The task as ``label(_:)`` names its entry in `overran`.
    static func task(
        on container: some Container, until gate: AsyncGate,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> String {
        container.task(fileID: fileID, line: line) { await gate.wait() }
        return "task at line \(line) in \(type(of: container))"
    }

    /// Names an entry of `overran` as ``hook(on:until:fileID:line:)`` and
    /// ``task(on:until:fileID:line:)`` do.
    static func label(_ work: EndWork) -> String {
        let line = work.site?.location.split(separator: ":").last.map(String.init) ?? "?"
        let kind = work.origin == .task ? "task" : "hook"
        return "\(kind) at line \(line) in \(work.containerDescription.typeName)"
    }
}
