import Strata

extension ScopeTree {
    /// Every node of the tree, depth first, this one first.
    var everyNode: [ScopeTree] { [self] + children.flatMap(\.everyNode) }
}
