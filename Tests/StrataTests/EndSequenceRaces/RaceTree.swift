import Dispatch
import Foundation
import Strata
import Testing

// MARK: - The containers

/// Gives the generic ``AttackNode`` a type, and so a description in reports, of its own.
protocol AttackTag: SendableMetatype {
    static var label: String { get }
}

enum AttackSessionTag: AttackTag { static var label: String { "S" } }
enum AttackFeatureTag: AttackTag { static var label: String { "F1" } }
enum AttackOlderTag: AttackTag { static var label: String { "F2" } }
enum AttackDialogTag: AttackTag { static var label: String { "D1" } }

/// An instance that records its end and its release, prefixed by its container's label.
final class AttackBound: ScopeBound {
    private let label: String
    private let log: EventLog

    init(_ label: String, log: EventLog) {
        self.label = label
        self.log = log
    }

    func scopeDidEnd() { log.record("\(label) bound") }

    deinit { log.record("\(label) released") }
}

/// An instance that runs `action` when it is released: in its container's step 6.
final class AttackRelease: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    deinit { action() }
}

/// A container of an attack tree: one ``AttackBound`` and two hooks, which record
/// `"<label> hook 2"`, `"<label> hook 1"`, `"<label> bound"`, `"<label> released"` in that
/// order when it ends.
protocol AttackEquipped: Container {
    var label: String { get }
    var log: EventLog { get }
    var bound: Provider<AttackBound> { get }
}

extension AttackEquipped {
    /// Makes the bound instance, then adds the two hooks.
    func equip() {
        _ = bound()
        let (log, label) = (log, label)
        onEnd { _ in log.record("\(label) hook 1") }
        onEnd { _ in log.record("\(label) hook 2") }
    }
}

final class AttackApp: AttackEquipped {
    let scope = AppScope()
    let log: EventLog

    init(log: EventLog) { self.log = log }

    var label: String { "app" }
    var bound: Provider<AttackBound> { shared { AttackBound("app", log: self.log) } }
    var service: Provider<Service> { shared { Service() } }
}

final class AttackNode<Tag: AttackTag>: AttackEquipped {
    let scope: FeatureScope<any Container>
    let log: EventLog

    init<Parent: Container>(under parent: Parent, log: EventLog)
    where Parent.ContainerTier: FeatureParentTier {
        self.log = log
        scope = FeatureScope(parent: parent)
    }

    var label: String { Tag.label }
    var bound: Provider<AttackBound> { shared { AttackBound(self.label, log: self.log) } }
}

/// A container of its own label, with no hook until a scenario adds one.
final class AttackScreen: Container {
    let scope: FeatureScope<any Container>
    let label: String

    init<Parent: Container>(_ label: String, under parent: Parent)
    where Parent.ContainerTier: FeatureParentTier {
        self.label = label
        scope = FeatureScope(parent: parent)
    }
}

/// A child made with the throwing form, under any container.
final class AttackDialog<Parent: Container>: Container {
    let scope: InteractionScope<Parent>

    init(checking parent: Parent) throws(StrataError) {
        scope = try InteractionScope(checking: parent)
    }
}

/// A child whose two instances run what they were given when they are released: `old`, made
/// first, released last.
final class AttackHolder: Container {
    let scope: FeatureScope<any Container>
    private let onOld: @Sendable () -> Void
    private let onNew: @Sendable () -> Void

    init<Parent: Container>(
        under parent: Parent, onOld: @escaping @Sendable () -> Void,
        onNew: @escaping @Sendable () -> Void
    ) where Parent.ContainerTier: FeatureParentTier {
        self.onOld = onOld
        self.onNew = onNew
        scope = FeatureScope(parent: parent)
    }

    var old: Provider<AttackRelease> { shared { AttackRelease(self.onOld) } }
    var new: Provider<AttackRelease> { shared { AttackRelease(self.onNew) } }
}

/// What a child made with the throwing form came to: `"refused"` for the `childOfEnded` a
/// closed parent must throw.
func attemptChild(of parent: some Container) -> String {
    do {
        _ = try AttackDialog(checking: parent)
        return "made"
    } catch StrataError.childOfEnded {
        return "refused"
    } catch {
        return "threw \(error)"
    }
}

// MARK: - The tree and its checks

/// app → S → F2 (made first) and F1 → D1, each equipped.
struct AttackTree: Sendable {
    static let labels = ["app", "S", "F2", "F1", "D1"]
    static let parents = ["S": "app", "F2": "S", "F1": "S", "D1": "F1"]

    let log = EventLog()
    let app: AttackApp
    let session: AttackNode<AttackSessionTag>
    let older: AttackNode<AttackOlderTag>
    let feature: AttackNode<AttackFeatureTag>
    let dialog: AttackNode<AttackDialogTag>

    init() {
        app = AttackApp(log: log)
        session = AttackNode(under: app, log: log)
        older = AttackNode(under: session, log: log)
        feature = AttackNode(under: session, log: log)
        dialog = AttackNode(under: feature, log: log)
        for container in containers { container.equip() }
    }

    var containers: [any AttackEquipped] { [app, session, older, feature, dialog] }

    func container(_ label: String) -> any AttackEquipped {
        containers.first { $0.label == label }!
    }

    var checks: AttackChecks {
        AttackChecks(
            labels: Self.labels, parents: Self.parents,
            names: Dictionary(
                uniqueKeysWithValues: containers.map {
                    (String(describing: type(of: $0)), $0.label)
                }))
    }
}

/// The checks of a tree's log and reports, by label.
struct AttackChecks: Sendable {
    let labels: [String]
    let parents: [String: String]
    /// Labels by type name, as reports name containers.
    let names: [String: String]

    /// These checks, knowing one more container, not equipped, by its type name.
    func adding(_ label: String, typeName: String, under parent: String) -> AttackChecks {
        var (parents, names) = (parents, names)
        parents[label] = parent
        names[typeName] = label
        return AttackChecks(labels: labels, parents: parents, names: names)
    }

    func label(_ description: ContainerDescription) -> String {
        names[description.typeName] ?? description.typeName
    }

    func isBelow(_ label: String, _ ancestor: String) -> Bool {
        var next = parents[label]
        while let parent = next {
            if parent == ancestor { return true }
            next = parents[parent]
        }
        return false
    }

    /// Each labelled container's end ran exactly once, hooks newest first, then its
    /// instance's end and release; each child was released before its parent's first hook.
    func log(_ entries: [String]) -> [String] {
        var found: [String] = []
        for label in labels {
            let own = entries.filter { $0.hasPrefix(label + " ") }
            let expected = ["hook 2", "hook 1", "bound", "released"].map { "\(label) \($0)" }
            if own != expected { found.append("\(label)'s end recorded \(own), not \(expected)") }
        }
        for (child, parent) in parents.sorted(by: { $0.key < $1.key })
        where labels.contains(child) && labels.contains(parent) {
            guard let released = entries.firstIndex(of: "\(child) released"),
                let parentHook = entries.firstIndex(of: "\(parent) hook 2")
            else { continue }
            if released > parentHook {
                found.append("\(parent)'s hooks ran before \(child) was released: \(entries)")
            }
        }
        return found
    }

    /// The order and uniqueness every report keeps: each container once, below `root` or
    /// `root` itself, each after every descendant it lists.
    func order(_ report: EndReport, of root: String, _ what: String) -> [String] {
        let ended = report.ended.map(label)
        var found: [String] = []
        if Set(ended).count != ended.count { found.append("\(what) lists twice: \(ended)") }
        for name in ended where name != root && !isBelow(name, root) {
            found.append("\(what) lists \(name), which is not below \(root): \(ended)")
        }
        for (index, name) in ended.enumerated() {
            for later in ended[(index + 1)...] where isBelow(later, name) {
                found.append("\(what) lists \(name) before its descendant \(later): \(ended)")
            }
        }
        return found
    }

    /// The whole end's report of `root`, as `endAndWait` gives it: `root` last, nothing
    /// still ending, nothing overran; `including` listed.
    func whole(
        _ report: EndReport, of root: String, including: [String] = [], _ what: String
    ) -> [String] {
        let ended = report.ended.map(label)
        var found = order(report, of: root, what)
        if ended.last != root { found.append("\(what) does not end with \(root): \(ended)") }
        if !report.stillEnding.isEmpty {
            found.append("\(what) lists still ending: \(report.stillEnding.map(label))")
        }
        if !report.overran.isEmpty { found.append("\(what) lists overran: \(report.overran)") }
        for name in including where !ended.contains(name) {
            found.append("\(what) misses \(name): \(ended)")
        }
        return found
    }

    /// What `end()` of `root` returns: either empty (an end had begun), or complete with
    /// `root` last, or handed on, with `root` in `stillEnding` and not among the ended.
    func endCall(_ report: EndReport, of root: String, _ what: String) -> [String] {
        let ended = report.ended.map(label)
        let still = report.stillEnding.map(label)
        var found = order(report, of: root, what)
        switch still {
        case []:
            if !ended.isEmpty && ended.last != root {
                found.append("\(what) is complete but does not end with \(root): \(ended)")
            }
        case [root]:
            if ended.contains(root) { found.append("\(what) both ended and still ending") }
        default:
            found.append("\(what) lists still ending \(still), not only \(root)")
        }
        return found
    }
}
