/// Something that stops when a container ends: a subscription, a list of child containers.
package protocol EndObserver: AnyObject, Sendable {
    func scopeDidEnd()
}

/// A weak reference to an ``EndObserver``.
package final class WeakObserver: Sendable {
    weak let object: (any EndObserver)?

    package init(_ object: any EndObserver) { self.object = object }
}
