import Dispatch
import Foundation
import Strata
import Testing

// MARK: - The scenarios

enum AttackScenarios {
    /// Six threads at once: `end()` of the app, the session, a feature and its dialog, and
    /// `endAndWait` of the session and of the feature; then `endAndWait` of every container.
    static func racingEnds(rounds: Int) async -> [String] {
        var found: [String] = []
        for round in 0..<rounds where found.isEmpty {
            let tree = AttackTree()
            let checks = tree.checks
            // Every other round traced: each container's end is traced once, children first.
            let traced = Locked<[String]>([])
            if round % 2 == 1 {
                tree.app.onTrace { event in
                    if case .ended(let container) = event {
                        traced.withLock { $0.append(checks.label(container)) }
                    }
                }
            }
            let ends = Locked<[(String, EndReport)]>([])
            let waits = Locked<[(String, Task<EndReport, Never>)]>([])
            let barrier = Barrier(parties: 6)
            let finished = await onAThread {
                onThreads(6) { index in
                    _ = barrier.arriveAndWait()
                    switch index {
                    case 0...3:
                        let label = ["app", "S", "F1", "D1"][index]
                        let report = tree.container(label).end()
                        ends.withLock { $0.append((label, report)) }
                    default:
                        let label = index == 4 ? "S" : "F1"
                        let container = tree.container(label)
                        let task = Task.detached {
                            await container.endAndWait(within: .seconds(30))
                        }
                        waits.withLock { $0.append((label, task)) }
                    }
                }
            }
            guard finished else { return ["round \(round): the threads did not finish"] }
            for (label, report) in ends.withLock({ $0 }) {
                found += checks.endCall(report, of: label, "round \(round): \(label).end()")
            }
            for (label, task) in waits.withLock({ $0 }) {
                let report = await task.value
                found += checks.whole(
                    report, of: label, "round \(round): racing \(label).endAndWait()")
            }
            for label in AttackTree.labels {
                let report = await tree.container(label).endAndWait(within: .seconds(30))
                found += checks.whole(
                    report, of: label, "round \(round): later \(label).endAndWait()")
                if tree.container(label).isActive {
                    found.append("round \(round): \(label) active")
                }
            }
            found += checks.log(tree.log.all).map { "round \(round): \($0)" }
            if round % 2 == 1 {
                let ends = traced.withLock { $0 }
                if ends.sorted() != AttackTree.labels.sorted() {
                    found.append("round \(round): traced ends \(ends)")
                }
                for (child, parent) in AttackTree.parents {
                    if let late = ends.firstIndex(of: child),
                        let early = ends.firstIndex(of: parent),
                        late > early
                    {
                        found.append(
                            "round \(round): \(parent) traced ended before \(child): \(ends)")
                    }
                }
            }
        }
        return found
    }

    /// D1's end blocks in a hook on a thread of its own while the app ends here; then the hook
    /// goes on, and the thread that finishes D1 finishes the app's end.
    static func handOffChain(awaited: Bool) async -> [String] {
        let tree = AttackTree()
        let checks = tree.checks.adding("D0", typeName: "AttackScreen", under: "F1")
        let entered = Arrivals()
        let returned = Arrivals()
        let gate = DispatchSemaphore(value: 0)
        let appHookThreads = Locked<[String]>([])
        // The thread that ends D1, by identity: `Thread.current.name`, read on a thread made
        // by `Thread.detachNewThread`, may give the name of the thread that made it.
        let ender = Locked<pthread_t?>(nil)
        tree.app.onEnd { _ in
            let onEnder = ender.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } }
            appHookThreads.withLock { $0.append(onEnder == true ? "ender" : "another thread") }
        }
        tree.dialog.onEnd { _ in
            entered.arrive()
            gate.wait()
        }
        // Newer than D1, so F1's walk ends it first: its hook tells that the walk has listed
        // D1, still blocked, among the children it waits for.
        let walked = Arrivals()
        let newest = AttackScreen("D0", under: tree.feature)
        newest.onEnd { _ in walked.arrive() }
        let dialogReport = Locked<EndReport?>(nil)
        Thread.detachNewThread {
            ender.withLock { $0 = pthread_self() }
            let report = tree.dialog.end()
            dialogReport.withLock { $0 = report }
            returned.arrive()
        }
        guard await onAThread({ entered.wait(for: 1) }) else { return ["D1's hook never began"] }

        var found: [String] = []
        var waiting: Task<EndReport, Never>?
        if awaited {
            let app = tree.app
            waiting = Task.detached { await app.endAndWait(within: .seconds(30)) }
            guard await onAThread({ walked.wait(for: 1) }) else {
                return ["the app's endAndWait never reached F1's children"]
            }
        } else {
            let report = tree.app.end()
            found += checks.endCall(report, of: "app", "app.end() during D1's end")
            if report.stillEnding.map(checks.label) != ["app"] {
                found.append(
                    "app.end() during D1's end lists still ending "
                        + "\(report.stillEnding.map(checks.label)), not the app")
            }
            let early = tree.log.all
            for label in ["app", "S", "F1", "D1"] where early.contains("\(label) hook 2") {
                found.append("\(label)'s hooks ran while D1's end was blocked: \(early)")
            }
            if !early.contains("F2 released") {
                found.append("F2, ending nowhere else, did not end in app.end(): \(early)")
            }
            let again = tree.app.end()
            if !again.ended.isEmpty || !again.stillEnding.isEmpty {
                found.append("a second app.end() was not empty: \(again)")
            }
            // Closing, waiting for D1: the app still resolves, and a hook added now runs
            // once, with the others, when the rest of its end runs.
            do {
                _ = try tree.app.service.resolve()
            } catch {
                found.append("the closing app did not resolve: \(error)")
            }
            tree.app.onEnd { _ in appHookThreads.withLock { $0.append("late") } }
            if appHookThreads.withLock(\.count) != 0 {
                found.append("a hook added to the closing app ran at once")
            }
        }
        gate.signal()
        guard await onAThread({ returned.wait(for: 1) }) else {
            return found + ["D1.end() never returned"]
        }
        if !awaited {
            // The rest of the app's end ran inside D1's end, on its thread.
            if tree.app.isActive { found.append("the app is still active after D1's end") }
            let threads = appHookThreads.withLock { $0 }
            if threads != ["late", "ender"] {
                found.append("the app's hooks ran on \(threads), not once each on D1's thread")
            }
            if case .success = Result(catching: { () throws(StrataError) in
                try tree.app.service.resolve()
            }) {
                found.append("the ended app still resolves")
            }
            found += checks.log(tree.log.all).map { "right after D1's end: \($0)" }
        }
        if let waiting {
            found += checks.whole(
                await waiting.value, of: "app", including: AttackTree.labels + ["D0"],
                "the racing app.endAndWait()")
        }
        let whole = await tree.app.endAndWait(within: .seconds(30))
        found += checks.whole(
            whole, of: "app", including: AttackTree.labels + ["D0"],
            "the later app.endAndWait()")
        if let report = dialogReport.withLock({ $0 }) {
            found += checks.whole(report, of: "D1", "D1.end()")
        }
        let hookRuns = appHookThreads.withLock(\.count)
        if hookRuns != (awaited ? 1 : 2) { found.append("the app's hooks ran \(hookRuns) times") }
        found += checks.log(tree.log.all)
        return found
    }

    /// A `ContainerStack` of the session: A and B pushed, D a child not presented; F1's hook
    /// presents C, a child of the app, and D, during the session's end; E is presented after.
    static func presentingDuringTheOwnersEnd(awaited: Bool) async -> [String] {
        let log = EventLog()
        let app = AttackApp(log: log)
        let session = AttackNode<AttackSessionTag>(under: app, log: log)
        let screens = ContainerStack(in: session)
        let later = AttackScreen("D", under: session)
        let feature = AttackNode<AttackFeatureTag>(under: session, log: log)
        let first = AttackScreen("A", under: session)
        let second = AttackScreen("B", under: session)
        let elsewhere = AttackScreen("C", under: app)
        let afterwards = AttackScreen("E", under: app)
        let all = [later, first, second, elsewhere, afterwards]
        for screen in all {
            let label = screen.label
            screen.onEnd { _ in log.record("\(label) hook") }
        }
        screens.push(first)
        screens.push(second)
        feature.onEnd { _ in
            screens.push(elsewhere)
            screens.push(later)
            log.record("F1 presented")
        }
        session.onEnd { _ in log.record("S hook") }

        var found: [String] = []
        if awaited {
            let report = await session.endAndWait(within: .seconds(30))
            if !report.stillEnding.isEmpty || !report.overran.isEmpty {
                found.append("the session's endAndWait was not whole: \(report)")
            }
        } else {
            let report = session.end()
            if !report.stillEnding.isEmpty {
                found.append("session.end() handed on, with nothing ending elsewhere: \(report)")
            }
        }
        screens.push(afterwards)

        let entries = log.all
        for screen in [later, first, second] {
            let count = entries.filter { $0 == "\(screen.label) hook" }.count
            if count != 1 { found.append("\(screen.label)'s hook ran \(count) times: \(entries)") }
            if screen.isActive { found.append("\(screen.label) is still active") }
        }
        // Pushed once the owner's end had begun, and made outside it: the stack neither keeps
        // nor ends them; they stay their maker's.
        for screen in [elsewhere, afterwards] where !screen.isActive {
            found.append("the stack ended \(screen.label), pushed after its owner's end began")
        }
        let walked = entries.filter { ["B hook", "A hook", "F1 presented", "D hook"].contains($0) }
        if walked != ["B hook", "A hook", "F1 presented", "D hook"] {
            found.append("the session's children ended in the order \(walked)")
        }
        if let sessionHook = entries.firstIndex(of: "S hook"),
            entries.prefix(sessionHook).filter({ $0.hasSuffix(" hook") }).count != 3
        {
            found.append("the session's hook ran before its children's: \(entries)")
        }
        if !screens.path.isEmpty { found.append("the stack still keeps \(screens.path.count)") }
        return found
    }

    /// Round after round, one thread lets go of a feature (its handle's deinit ends it) while
    /// another ends the session.
    static func releasedChildRace(rounds: Int) async -> [String] {
        var found: [String] = []
        for round in 0..<rounds where found.isEmpty {
            let log = EventLog()
            let app = AttackApp(log: log)
            let session = AttackNode<AttackSessionTag>(under: app, log: log)
            session.equip()
            let feature = AttackNode<AttackFeatureTag>(under: session, log: log)
            feature.equip()
            let names = [
                String(describing: type(of: session)): "S",
                String(describing: AttackNode<AttackFeatureTag>.self): "F1",
            ]
            let checks = AttackChecks(labels: ["S", "F1"], parents: ["F1": "S"], names: names)
            let holder = Locked<AttackNode<AttackFeatureTag>?>(feature)
            let sessionEnd = Locked<EndReport?>(nil)
            let barrier = Barrier(parties: 2)
            let finished = await onAThread {
                onThreads(2) { index in
                    _ = barrier.arriveAndWait()
                    if index == 0 {
                        _ = holder.withLock { $0.take() }
                    } else {
                        let report = session.end()
                        sessionEnd.withLock { $0 = report }
                    }
                }
            }
            guard finished else { return ["round \(round): the threads did not finish"] }
            if let report = sessionEnd.withLock({ $0 }) {
                found += checks.endCall(report, of: "S", "round \(round): S.end()")
            }
            let whole = await session.endAndWait(within: .seconds(30))
            found += checks.whole(whole, of: "S", "round \(round): S.endAndWait()")
            found += checks.log(log.all).map { "round \(round): \($0)" }
        }
        return found
    }

    /// The app drains while its children end on other threads.
    ///
    /// Four threads end the children and two more try to make children; each child's hook
    /// resolves from the closing app. Without `everyChildEnds`, one child is left to the
    /// drain's deadline.
    static func drain(everyChildEnds: Bool) async -> [String] {
        let log = EventLog()
        let app = AttackApp(log: log)
        app.equip()
        let children = (0..<4).map { AttackScreen("C\($0)", under: app) }
        for child in children {
            let label = child.label
            child.onEnd { _ in
                do {
                    _ = try app.service.resolve()
                    log.record("\(label) resolved")
                } catch {
                    log.record("\(label) failed: \(error)")
                }
                log.record("\(label) hook")
            }
        }
        let timeout: Duration = everyChildEnds ? .seconds(30) : .milliseconds(200)
        let teardown = Task.detached {
            await app.endAndWait(within: timeout, draining: true)
        }
        // Closing is the end's first step: nothing to wait on but the flag it turns.
        while app.isActive { await Task.yield() }

        let attempts = Locked<[String]>([])
        let enders = everyChildEnds ? 4 : 3
        let barrier = Barrier(parties: 6)
        let finished = await onAThread {
            onThreads(6) { index in
                _ = barrier.arriveAndWait()
                if index < 4 {
                    if index < enders { children[index].end() }
                } else {
                    for _ in 0..<20 {
                        let attempt = attemptChild(of: app)
                        attempts.withLock { $0.append(attempt) }
                    }
                }
            }
        }
        guard finished else { return ["the threads did not finish"] }
        let report = await teardown.value

        var found: [String] = []
        let made = attempts.withLock { $0 }.filter { $0 != "refused" }
        if !made.isEmpty { found.append("children of the closed app: \(made)") }
        let entries = log.all
        guard let appHook = entries.firstIndex(of: "app hook 2") else {
            return found + ["the app's hooks did not run: \(entries)"]
        }
        for child in children {
            if entries.filter({ $0 == "\(child.label) hook" }).count != 1 {
                found.append("\(child.label)'s hook did not run once: \(entries)")
            }
            if !entries.contains("\(child.label) resolved") {
                found.append("\(child.label) could not resolve from the closing app: \(entries)")
            }
            if let hook = entries.firstIndex(of: "\(child.label) hook"), hook > appHook {
                found.append("\(child.label)'s hook ran after the app's: \(entries)")
            }
        }
        let own = entries.filter { $0.hasPrefix("app ") }
        if own != ["app hook 2", "app hook 1", "app bound", "app released"] {
            found.append("the app's end recorded \(own)")
        }
        let ended = report.ended.map(\.typeName)
        if ended.last != "AttackApp" || Set(ended).count != ended.count {
            found.append("the drain's report lists \(ended)")
        }
        if !report.stillEnding.isEmpty { found.append("still ending: \(report.stillEnding)") }
        let overran = report.overran.map(\.origin)
        if everyChildEnds ? !overran.isEmpty : overran != [.child] {
            found.append("the drain's report lists overran \(report.overran)")
        }
        if app.isActive { found.append("the app is still active") }
        return found
    }

    /// The app's `endAndWait(within: 0.1 s)` while its child's own `endAndWait` awaits an
    /// async hook that goes on only when let: one deadline bounds the whole end, so the
    /// app's end should return near its deadline, listing what overran.
    ///
    /// The hook is let go two seconds in at the latest, so that a wait past the deadline is
    /// reported rather than hung on; that timeout orders nothing.
    static func deadlineWhileAChildEndsElsewhere(draining: Bool) async -> [String] {
        let log = EventLog()
        let app = AttackApp(log: log)
        app.equip()
        let child = AttackNode<AttackFeatureTag>(under: app, log: log)
        child.equip()
        let entered = AsyncGate()
        let release = AsyncGate()
        child.onEnd { _ in
            entered.open()
            await release.wait()
        }
        let childEnd = Task.detached { await child.endAndWait(within: .seconds(30)) }
        await entered.wait()

        let start = ContinuousClock.now
        let appEnd = Task.detached {
            await app.endAndWait(within: .milliseconds(100), draining: draining)
        }
        let inTime = await finishes(appEnd, within: .seconds(2))
        let waited = ContinuousClock.now - start
        release.open()
        let report = await appEnd.value
        _ = await childEnd.value

        var found: [String] = []
        if !inTime {
            found.append(
                "app.endAndWait(within: 0.1 s\(draining ? ", draining" : "")) still waited "
                    + "\(waited) later, for F1's end run by F1.endAndWait; it returned only "
                    + "once F1's hook was let go, listing overran \(report.overran)")
        } else if report.overran.isEmpty {
            found.append("app.endAndWait returned in time but lists nothing overran: \(report)")
        }
        let checks = AttackChecks(
            labels: ["app", "F1"], parents: ["F1": "app"],
            names: [
                "AttackApp": "app", String(describing: AttackNode<AttackFeatureTag>.self): "F1",
            ])
        found += checks.order(report, of: "app", "the app's report")
        let entries = log.all
        for label in ["app", "F1"] where entries.filter({ $0 == "\(label) hook 2" }).count != 1 {
            found.append("\(label)'s hooks did not run once: \(entries)")
        }
        return found
    }

    /// Ends in sequence, then `endAndWait` after each: every report exact.
    static func reportContents() async -> [String] {
        var found: [String] = []
        let tree = AttackTree()
        let checks = tree.checks
        func expect(_ report: EndReport, _ ended: [String], _ what: String) {
            let names = report.ended.map(checks.label)
            if names != ended { found.append("\(what) lists \(names), not \(ended)") }
            if !report.stillEnding.isEmpty || !report.overran.isEmpty || !report.watched.isEmpty {
                found.append("\(what) is not clean: \(report)")
            }
        }
        expect(tree.feature.end(), ["D1", "F1"], "F1.end()")
        expect(tree.app.end(), ["F2", "S", "app"], "app.end()")
        expect(await tree.app.endAndWait(), ["F2", "S", "app"], "app.endAndWait() after end()")
        expect(await tree.feature.endAndWait(), ["D1", "F1"], "F1.endAndWait() after end()")
        expect(await tree.dialog.endAndWait(), ["D1"], "D1.endAndWait() after F1.end()")
        found += checks.log(tree.log.all)

        let awaited = AttackTree()
        expect(
            await awaited.app.endAndWait(within: .seconds(30)), ["D1", "F1", "F2", "S", "app"],
            "app.endAndWait()")
        expect(await awaited.session.endAndWait(), ["D1", "F1", "F2", "S"], "S.endAndWait() after")
        found += awaited.checks.log(awaited.log.all).map { "awaited: \($0)" }
        return found
    }
}
