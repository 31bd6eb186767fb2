import Dispatch
import Foundation
import Strata
import Testing

// MARK: - Hooks that end or await

/// A hook of the tree that ends or awaits another container, while an outer end — `end()`
/// or `endAndWait` — runs.
struct HookAttack: Codable, Sendable, CustomTestStringConvertible {
    enum Hook: String, Codable, Sendable, CaseIterable {
        /// F1's async hook awaits `S.endAndWait()` while the app ends: its own ancestor.
        case asyncAwaitsAncestor
        /// F1's async hook awaits `F2.endAndWait()`: a sibling the session ends after F1.
        case asyncAwaitsSibling
        /// F1's hook calls `F2.end()`: a sibling the session ends after F1.
        case endsSibling
        /// D1's hook calls `S.end()`, its grandparent, while F1 ends.
        case endsGrandparent
    }

    var hook: Hook
    var awaited: Bool

    static let all = Hook.allCases.flatMap { hook in
        [false, true].map { HookAttack(hook: hook, awaited: $0) }
    }

    var testDescription: String { "\(hook), outer \(awaited ? "endAndWait" : "end()")" }

    func run() async -> [String] {
        let tree = AttackTree()
        let checks = tree.checks
        let inner = Locked<EndReport?>(nil)
        let hookDone = AsyncGate()
        switch hook {
        case .asyncAwaitsAncestor:
            let session = tree.session
            tree.feature.onEnd { _ in
                let report = await session.endAndWait(within: .seconds(30))
                inner.withLock { $0 = report }
                hookDone.open()
            }
        case .asyncAwaitsSibling:
            let older = tree.older
            tree.feature.onEnd { _ in
                let report = await older.endAndWait(within: .seconds(30))
                inner.withLock { $0 = report }
                hookDone.open()
            }
        case .endsSibling:
            let older = tree.older
            tree.feature.onEnd { _ in
                let report = older.end()
                inner.withLock { $0 = report }
                hookDone.open()
            }
        case .endsGrandparent:
            let session = tree.session
            tree.dialog.onEnd { _ in
                let report = session.end()
                inner.withLock { $0 = report }
                hookDone.open()
            }
        }

        var found: [String] = []
        let outer = hook == .endsGrandparent ? "F1" : "app"
        let outerReport: EndReport
        if awaited {
            outerReport = await tree.container(outer).endAndWait(within: .seconds(30))
            found += checks.whole(outerReport, of: outer, "\(outer).endAndWait()")
        } else {
            outerReport = tree.container(outer).end()
            found += checks.endCall(outerReport, of: outer, "\(outer).end()")
            if !outerReport.stillEnding.isEmpty {
                found.append("\(outer).end() handed on, with nothing ending elsewhere")
            }
        }
        await hookDone.wait()
        guard let report = inner.withLock({ $0 }) else { return found + ["the hook did not end"] }
        let still = report.stillEnding.map(checks.label)
        let ended = report.ended.map(checks.label)
        switch hook {
        case .asyncAwaitsAncestor:
            // Work of S's end awaits S's end: it returns at once, S still ending.
            if still != ["S"] || !ended.isEmpty {
                found.append("S.endAndWait() in F1's hook gave \(ended), still \(still)")
            }
        case .asyncAwaitsSibling, .endsSibling:
            found += checks.whole(report, of: "F2", "F2's end in F1's hook")
        case .endsGrandparent:
            if still != ["S"] { found.append("S.end() in D1's hook gave still ending \(still)") }
            if tree.session.isActive { found.append("S is active after F1's end returned") }
        }
        let whole = await tree.app.endAndWait(within: .seconds(30))
        found += checks.whole(whole, of: "app", "the later app.endAndWait()")
        if outer == "app" {
            found += checks.whole(
                whole, of: "app", including: AttackTree.labels, "app's whole report")
        }
        for label in AttackTree.labels where tree.container(label).isActive {
            found.append("\(label) is still active")
        }
        found += checks.log(tree.log.all)
        return found
    }
}

// MARK: - A deinit that ends the parent

/// A deinit in F's release that ends F's parent, S.
///
/// F, a child of S, holds two instances; the newer one's deinit ends S and tries to make
/// children of S and of the app. F is quiet (nothing runs at its end but releases) or has a
/// hook; its end runs here, or on a thread of its own where the deinit waits until S's end
/// has returned here.
///
/// A traced tree walks every end, a quiet one too: the contrast shows that only the quiet
/// end, which leaves no ending to wait for, lets the parent's end run ahead.
struct DeinitAttack: Codable, Sendable, CustomTestStringConvertible {
    enum Child: String, Codable, Sendable, CaseIterable {
        case hooked
        case quiet
        case quietInATracedTree
    }

    var child: Child
    var otherThread: Bool

    static let all = Child.allCases.flatMap { child in
        [false, true].map { DeinitAttack(child: child, otherThread: $0) }
    }

    var testDescription: String {
        "\(child) child, S.end() \(otherThread ? "on another thread" : "in the deinit")"
    }

    func run() async -> [String] {
        let log = EventLog()
        let app = AttackApp(log: log)
        if child == .quietInATracedTree { app.onTrace { _ in } }
        let session = AttackNode<AttackSessionTag>(under: app, log: log)
        session.equip()
        let sessionEnd = Locked<EndReport?>(nil)
        let attempts = Locked<[String]>([])
        let entered = Arrivals()
        let gate = DispatchSemaphore(value: 0)
        let otherThread = otherThread
        let holder = AttackHolder(
            under: session, onOld: { log.record("F old released") },
            onNew: {
                if otherThread {
                    entered.arrive()
                    gate.wait()
                } else {
                    let report = session.end()
                    sessionEnd.withLock { $0 = report }
                    let tries = [attemptChild(of: session), attemptChild(of: app)]
                    attempts.withLock { $0 = tries }
                }
                log.record("F new released")
            })
        _ = holder.old()
        _ = holder.new()
        if child == .hooked { holder.onEnd { _ in log.record("F hook") } }

        var found: [String] = []
        if otherThread {
            let returned = Arrivals()
            Thread.detachNewThread {
                holder.end()
                returned.arrive()
            }
            guard await onAThread({ entered.wait(for: 1) }) else { return ["F's deinit never ran"] }
            let report = session.end()
            sessionEnd.withLock { $0 = report }
            let early = log.all
            if early.contains("S hook 2") {
                found.append("S's hooks ran while F's release was still running: \(early)")
            }
            gate.signal()
            guard await onAThread({ returned.wait(for: 1) }) else {
                return found + ["F.end() never returned"]
            }
        } else {
            holder.end()
        }

        let names = [String(describing: type(of: session)): "S"]
        let checks = AttackChecks(labels: ["S"], parents: [:], names: names)
        if let report = sessionEnd.withLock({ $0 }) {
            let still = report.stillEnding.map(checks.label)
            if still != ["S"] {
                found.append(
                    "S.end() while F's release runs gave still ending \(still), ended "
                        + "\(report.ended.map(checks.label)): it did not wait for F")
            }
        } else {
            found.append("S.end() did not run")
        }
        if !otherThread && attempts.withLock({ $0 }) != ["refused", "made"] {
            found.append("children made in the deinit: \(attempts.withLock { $0 })")
        }
        if session.isActive { found.append("S is still active after F's end") }
        let entries = log.all
        found += checks.log(entries)
        if let released = entries.firstIndex(of: "F old released"),
            let hook = entries.firstIndex(of: "S hook 2"), released > hook
        {
            found.append("S's hooks ran before F's older instance was released: \(entries)")
        }
        let whole = await session.endAndWait(within: .seconds(30))
        if whole.ended.last.map(checks.label) != "S" || !whole.stillEnding.isEmpty {
            found.append("S.endAndWait() afterwards gave \(whole)")
        }
        return found
    }
}
