/// Something that stops when a container ends: a subscription, a scope-bound task.
protocol EndObserver: AnyObject, Sendable {
    func scopeDidEnd()
}

/// A weak reference to an ``EndObserver``.
final class WeakObserver: Sendable {
    weak let object: (any EndObserver)?

    init(_ object: any EndObserver) { self.object = object }
}
