/// A snapshot of the live container tree below one container: tier, type, and the
/// instances each container holds.
///
/// `String(describing:)` gives indented text; ``dot`` gives Graphviz DOT and ``mermaid`` a
/// Mermaid flowchart.
///
/// ```
/// AppContainer (app)
///   sessionRepository: FileUserSessionRepository
///   SignedInContainer (session)
///     profileViewModel: ProfileViewModel
/// ```
public struct ScopeTree: Sendable, Hashable, CustomStringConvertible {
    /// The container at this node.
    public let container: ContainerDescription
    /// The instances the container holds, in creation order, as `provider: Type`.
    public let instances: [String]
    /// The live child containers, oldest first.
    public let children: [ScopeTree]

    init(_ core: ScopeCore) {
        container = core.containerDescription
        instances = Self.instanceLines(of: core)
        children = core.liveChildren.reversed().filter(\.isActive).map(ScopeTree.init)
    }

    /// Indented text, one container or instance per line.
    public var description: String {
        lines(depth: 0).joined(separator: "\n")
    }

    private func lines(depth: Int) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        return ["\(indent)\(container.typeName) (\(container.tier))"]
            + instances.map { "\(indent)  \($0)" }
            + children.flatMap { $0.lines(depth: depth + 1) }
    }

    /// The tree as a Graphviz DOT digraph: one box per container, labelled with its type,
    /// tier and instances, and an edge from each parent to each child.
    public var dot: String {
        var out = ["digraph Strata {", "  node [shape=box, fontname=\"Helvetica\"];"]
        for (id, node) in numbered() {
            let label =
                ([node.tree.container.typeName, "(\(node.tree.container.tier))"]
                + node.tree.instances).map(Self.escapeDOT).joined(separator: "\\n")
            out.append("  n\(id) [label=\"\(label)\"];")
            if let parent = node.parent { out.append("  n\(parent) -> n\(id);") }
        }
        out.append("}")
        return out.joined(separator: "\n")
    }

    /// The tree as a Mermaid flowchart, top down.
    public var mermaid: String {
        var out = ["flowchart TD"]
        for (id, node) in numbered() {
            let label =
                (["\(node.tree.container.typeName) (\(node.tree.container.tier))"]
                + node.tree.instances).map(Self.escapeMermaid).joined(separator: "<br/>")
            out.append("  n\(id)[\"\(label)\"]")
            if let parent = node.parent { out.append("  n\(parent) --> n\(id)") }
        }
        return out.joined(separator: "\n")
    }

    private func numbered() -> [(Int, (tree: ScopeTree, parent: Int?))] {
        var result: [(Int, (tree: ScopeTree, parent: Int?))] = []
        func visit(_ tree: ScopeTree, parent: Int?) {
            let id = result.count
            result.append((id, (tree, parent)))
            for child in tree.children { visit(child, parent: id) }
        }
        visit(self, parent: nil)
        return result
    }

    private static func escapeDOT(_ text: String) -> String {
        escape(text, ["\\": "\\\\", "\"": "\\\""])
    }

    private static func escapeMermaid(_ text: String) -> String {
        escape(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;"])
    }

    private static func escape(_ text: String, _ replacements: [Character: String]) -> String {
        text.reduce(into: "") { out, character in
            if let replacement = replacements[character] {
                out += replacement
            } else {
                out.append(character)
            }
        }
    }
}
