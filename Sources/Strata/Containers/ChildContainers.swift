/// The child containers an object of a parent tier presents — a coordinator's screens, a
/// navigation stack, a tab host's tabs — kept until it removes them or its own container ends.
///
/// A coordinator that is an instance of the session, keeping the feature containers of the
/// screens it shows, is the natural shape of navigation, and a cycle: the session keeps the
/// coordinator, the coordinator the feature containers, and each feature container its parent,
/// the session. `ChildContainers` keeps them by the session's rules:
/// - ``dismiss(_:)`` ends the child it removes, and returns the child's report;
/// - when the owner's container ends, every child still kept is ended, newest presented
///   first (before the owner's other children), and let go, so nothing it holds outlives the
///   owner;
/// - a child that ends some other way — its own `end()` — leaves the list;
/// - a child let go without an end (``removeAll()``, or the list itself let go) ends itself
///   once nothing else holds it, as every container does.
///
/// The cycle stays while the session is active, by design: the screens are open. What ends
/// it is the session's end. So the code that holds the session — an app's root — holds it
/// through ``Owned``, whose release ends it, or ends it itself; a session kept only by its
/// children is reported by the `.noSurvivors` trait as a container never ended.
///
/// ```swift
/// final class Coordinator: Sendable {
///     let screens: ChildContainers<LibraryContainer>
///     init(session: SessionContainer) { screens = ChildContainers(in: session) }
///     func openLibrary(under session: SessionContainer) {
///         screens.present(LibraryContainer(parent: session))
///     }
///     func back() { screens.last.map { screens.dismiss($0) } }
/// }
/// ```
public final class ChildContainers<Child: Container>: Sendable {
    private let children = Lock<(kept: [Child], ownerEnded: Bool)>(([], false))
    /// Tells the list when the owner's container ends.
    private let watch: OwnerWatch

    /// An empty list, bound to `owner`: its end ends and lets go of every child still kept.
    ///
    /// - Parameter owner: The container whose end ends the children: usually the one that
    ///   makes the object keeping the list.
    public init(in owner: some Container) {
        watch = OwnerWatch()
        watch.list = OwnerWatch.List(
            keptNewestFirst: { [weak self] in
                self?.children.withLock { $0.kept.reversed().map(\.boundCore) } ?? []
            },
            ownerDidEnd: { [weak self] in self?.ownerDidEnd() })
        owner.boundCore.addObserver(watch)
    }

    /// The children kept, oldest first.
    public var all: [Child] { children.withLock(\.kept) }

    /// The child presented last, if any: the top of a stack.
    public var last: Child? { children.withLock { $0.kept.last } }

    /// Keeps `child`, after the ones already kept.
    ///
    /// A child presented once the owner has ended is ended at once, and not kept.
    ///
    /// - Parameter child: The child container to keep.
    public func present(_ child: Child) {
        let kept = children.withLock { children in
            if !children.ownerEnded { children.kept.append(child) }
            return !children.ownerEnded
        }
        guard kept else {
            child.end()
            return
        }
        child.boundCore.addHook { [weak self, weak child] in
            guard let self, let child else { return }
            self.drop(child)
        }
    }

    /// Removes `child` and ends it.
    ///
    /// - Parameter child: A child this list keeps; another one is ended all the same.
    /// - Returns: The child's end report.
    @discardableResult
    public func dismiss(_ child: Child) -> EndReport {
        drop(child)
        return child.end()
    }

    /// Lets go of every child without ending it: each ends itself once nothing else holds it.
    ///
    /// - Returns: The children let go, oldest first.
    @discardableResult
    public func removeAll() -> [Child] {
        children.withLock { children in
            defer { children.kept = [] }
            return children.kept
        }
    }

    private func drop(_ child: Child) {
        let dropped = children.withLock { children -> Child? in
            guard let index = children.kept.firstIndex(where: { $0 === child }) else {
                return nil
            }
            return children.kept.remove(at: index)
        }
        _ = dropped  // let go outside the lock: its end may call back into the list
    }

    /// Ends and lets go of every child still kept, newest first; a child presented from now
    /// on is ended at once.
    ///
    /// The owner's end has ended them already, newest presented first, in its step that ends
    /// its children: what is left here is a child that was presented while the owner ended.
    private func ownerDidEnd() {
        let kept = children.withLock { children in
            children.ownerEnded = true
            defer { children.kept = [] }
            return children.kept
        }
        for child in kept.reversed() { child.end() }
    }
}

/// The end observer of one ``ChildContainers``: held weakly by the owner's container, and
/// holding the list weakly, so that neither keeps the other.
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
