/// What a ``ContainerStack`` or a ``ContainerTabs`` tells its owner's end through its
/// ``OwnerWatch``.
protocol OwnerWatched: AnyObject, Sendable {
    /// The children it keeps, newest presented first: the owner's end ends them in this
    /// order, before its other children.
    var keptNewestFirst: [ScopeCore] { get }

    /// The owner has ended: end and let go of what is still kept, and keep nothing more.
    func ownerDidEnd()
}

/// The owner's end, as a ``ContainerStack`` or a ``ContainerTabs`` sees it: the one wiring
/// of both.
///
/// Held weakly by the owner's container, and holding the owner and the list weakly, so that
/// none keeps another: the list keeps the watch.
final class OwnerWatch: EndObserver {
    /// The owner's machinery, held weakly: the list is often an instance of the owner.
    private let owner: WeakReference
    /// The list to tell, once ``watch(for:)`` has named it.
    private let list = Lock<WeakReference?>(nil)

    /// A watch of `owner`, which tells nobody until ``watch(for:)``.
    ///
    /// - Parameter owner: The container whose end ends the list's containers.
    init(of owner: some Container) {
        self.owner = WeakReference(owner.boundCore)
    }

    /// Tells `watched` of the owner's end from now on: the owner's end ends what it keeps,
    /// first, and then calls its ``OwnerWatched/ownerDidEnd()``.
    ///
    /// - Parameter watched: The stack or tabs that keep this watch.
    func watch(for watched: some OwnerWatched) {
        list.withLock { $0 = WeakReference(watched) }
        owner.object(as: ScopeCore.self)?.addObserver(self)
    }

    /// Whether no end has begun of the owner or of a container above it: a stack or tabs
    /// asked for a container once one has does not make one, since that end ends the owner.
    ///
    /// `false` once the owner is gone. An end may begin as soon as this returns: what is
    /// made then is ended by the owner's end, or refused by ``OwnerWatched/ownerDidEnd()``.
    var ownerIsActive: Bool {
        var next = owner.object(as: ScopeCore.self)
        guard next != nil else { return false }
        while let core = next {
            guard core.isActive else { return false }
            next = core.parent
        }
        return true
    }

    private var watched: (any OwnerWatched)? {
        list.withLock { $0 }?.object(as: (any OwnerWatched).self)
    }

    func scopeDidEnd() { watched?.ownerDidEnd() }

    var presents: Bool { true }

    var presentedNewestFirst: [ScopeCore] { watched?.keptNewestFirst ?? [] }
}
