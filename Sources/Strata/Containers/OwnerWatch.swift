/// The end observer of one ``ContainerStack`` or ``ContainerTabs``: held weakly by the
/// owner's container, and holding the list weakly, so that neither keeps the other.
final class OwnerWatch: EndObserver {
    /// What the list tells the owner's end: the children it keeps, and what to do when the
    /// owner has ended.
    struct List: Sendable {
        let keptNewestFirst: @Sendable () -> [ScopeCore]
        let ownerDidEnd: @Sendable () -> Void
    }

    private let state = Lock<List?>(nil)

    /// The list to tell: set once, before the watch is added.
    var list: List? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func scopeDidEnd() { list?.ownerDidEnd() }

    var presents: Bool { true }

    var presentedNewestFirst: [ScopeCore] { list?.keptNewestFirst() ?? [] }
}
