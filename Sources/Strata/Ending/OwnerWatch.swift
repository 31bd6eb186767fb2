/// The end observer of one ``ChildContainers``: held weakly by the owner's container, and
/// holding the list weakly, so that neither keeps the other.
final class OwnerWatch: EndObserver {
    private let state = Lock<(@Sendable () -> Void)?>(nil)

    /// What to tell when the owner ends: set once, before the watch is added.
    var list: (@Sendable () -> Void)? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func scopeDidEnd() { list?() }
}
