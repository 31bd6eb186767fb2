/// Something that stops when a container ends: a subscription, a list of child containers.
package protocol EndObserver: AnyObject, Sendable {
    func scopeDidEnd()

    /// Whether it presents child containers of the scope it observes, whose end then ends
    /// them in ``presentedNewestFirst``'s order.
    var presents: Bool { get }

    /// The children it keeps, newest presented first: the order the scope's end ends them in,
    /// before its other children.
    var presentedNewestFirst: [ScopeCore] { get }
}

extension EndObserver {
    package var presents: Bool { false }
    package var presentedNewestFirst: [ScopeCore] { [] }
}

/// A weak reference to an ``EndObserver``.
package final class WeakObserver: Sendable {
    weak let object: (any EndObserver)?

    package init(_ object: any EndObserver) { self.object = object }
}
