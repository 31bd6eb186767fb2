public import Observation

/// A navigation stack of child containers, of any types, that ends each container it removes
/// and, when its owner's container ends, everything it still holds.
///
/// Each screen of a stack has its own container — a product page, a cart, a checkout — made
/// under the container of the object that shows them, usually a session. The stack keeps
/// them by the owner's rules:
/// - ``push(_:fileID:filePath:line:)`` keeps a container on top;
///   ``popTo(_:fileID:filePath:line:)`` and ``replace(with:fileID:filePath:line:)`` end what
///   they remove, top first — `replace(with: [])` ends them all — and a leak check of what
///   they end points at their caller;
/// - a container that ends some other way — its own `end()` — leaves the stack;
/// - when the owner's container ends, every container still kept is ended, the top first,
///   before the owner's other children, and let go.
///
/// The stack is `Observable`: reading ``path`` — in a SwiftUI view's body, in
/// `withObservationTracking`, or in ``Container/trackOnMainActor(initial:_:onChange:)`` — follows
/// it, and every change that adds or removes a container tells Observation once, after the
/// change. ``path`` is settable, so a `NavigationStack(path:)` binds to it: the back button
/// sets a shorter path, and the stack ends the containers that left it.
///
/// ```swift
/// final class ShopNavigation: Sendable {
///     let stack: ContainerStack
///     init(session: SessionContainer) { stack = ContainerStack(in: session) }
/// }
///
/// navigation.stack.push(ProductContainer(parent: session, product: id))
/// navigation.stack.popTo(cart)   // ends every screen above the cart
/// ```
///
/// A stack kept by an instance of its owner's container — a coordinator the session makes —
/// is a cycle while the owner is active, by design: the screens are open, and the owner's end
/// breaks it. So the code that holds the owner holds it through ``Owned``, whose release ends
/// it, or ends it itself; an owner kept only by its children is reported by the
/// `.noLeaks` trait as a container never ended. See <doc:Navigation>.
public final class ContainerStack: Observation.Observable, Sendable {
    /// The containers kept, bottom first, and whether the owner has ended.
    private let state = Lock<StackState>(StackState())
    private let registrar = ObservationRegistrar()
    /// Tells the stack when the owner's end begins and when it has ended.
    private let watch: OwnerWatch

    /// An empty stack, bound to `owner`: its end ends and lets go of every container still
    /// kept.
    ///
    /// - Parameter owner: The container whose end ends the stack's containers: usually the
    ///   one that makes the object keeping the stack.
    public init(in owner: some Container) {
        watch = OwnerWatch(of: owner)
        watch.watch(for: self)
    }

    /// The containers on the stack, bottom first, one entry each.
    ///
    /// Setting it keeps the containers of the new path that the stack holds, in the new order,
    /// and ends the others, the top first; an entry of a container the stack does not hold is
    /// left out. This is what a `NavigationStack(path:)` bound to it does when the user goes
    /// back.
    public var path: [Entry] {
        get {
            registrar.access(self, keyPath: \.path)
            return state.withLock { $0.kept.map(Entry.init) }
        }
        set {
            let containers = newValue.map(\.container)
            // Set by a view, which cannot say where: a leak report of what it ends says how it
            // ended, at the test's place.
            change(at: SourceSite(unnamed: "its ContainerStack's path was set")) {
                $0.keep(only: containers)
            }
        }
    }

    /// Keeps `container` on top of the stack.
    ///
    /// `container` is made only while the owner's end has not begun: once it has — a button
    /// tapped during a sign-out — the stack does not make it, and keeps nothing. The end may
    /// begin while it is made, so a screen made under the owner, or under a container that
    /// ends with it, is made with the throwing `init(checking:)`, whose
    /// ``StrataError/childOfEnded(parent:childTier:location:)`` this call rethrows:
    ///
    /// ```swift
    /// try? stack.push(ProductContainer(checking: tab, product: id))
    /// ```
    ///
    /// A container made before the owner's end began and pushed after it stays its maker's:
    /// the stack does not evaluate the argument, so it neither keeps nor ends it. One made
    /// while the end begins is ended at once, and not kept; one the stack holds already stays
    /// where it is.
    ///
    /// - Parameters:
    ///   - container: The container of the screen to show; not made once the owner's end
    ///     has begun.
    ///   - fileID: Where the stack is changed, for a leak check of what it ends to point at;
    ///     filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Throws: What making `container` throws: nothing is pushed.
    public func push(
        _ container: @autoclosure () throws -> any Container, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) rethrows {
        guard watch.ownerIsActive else { return }
        let container = try container()
        change(at: SourceSite(fileID: fileID, filePath: filePath, line: line)) {
            $0.replace(from: $0.kept.count, with: [container])
        }
    }

    /// Ends every container above `container`, the top first.
    ///
    /// Nothing happens when the stack does not hold `container`.
    ///
    /// - Parameters:
    ///   - container: The container to go back to.
    ///   - fileID: Where the stack is changed, for a leak check of what it ends to point at;
    ///     filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    public func popTo(
        _ container: any Container, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line
    ) {
        change(at: SourceSite(fileID: fileID, filePath: filePath, line: line)) { state in
            guard let index = state.kept.firstIndex(where: { $0 === container }) else { return }
            state.replace(from: index + 1, with: [])
        }
    }

    /// Replaces the whole stack with `containers`, bottom first, and ends the containers it
    /// held that `containers` does not name, the top first.
    ///
    /// What a deep link does: the screens it opens take the place of those that were shown.
    /// `replace(with: [])` dismisses every screen.
    /// As with ``push(_:fileID:filePath:line:)``, `containers` are made only while the
    /// owner's end has not begun; once it has, the call changes nothing.
    ///
    /// - Parameters:
    ///   - containers: The new stack, bottom first; not made once the owner's end has begun.
    ///   - fileID: Where the stack is changed, for a leak check of what it ends to point at;
    ///     filled in by the compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Throws: What making `containers` throws: the stack is not changed.
    public func replace(
        with containers: @autoclosure () throws -> [any Container],
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) rethrows {
        guard watch.ownerIsActive else { return }
        let containers = try containers()
        change(at: SourceSite(fileID: fileID, filePath: filePath, line: line)) {
            $0.replace(from: 0, with: containers)
        }
    }

    /// This file and line, for a change no caller names.
    ///
    /// - Parameter line: The line; filled in by the compiler.
    /// - Returns: The place.
    private static func here(line: UInt = #line) -> SourceSite {
        SourceSite(fileID: #fileID, filePath: #filePath, line: line)
    }

    /// Applies `transition` under the lock, then, outside it: watches the containers it
    /// added, tells Observation, and ends what it removed or refused, newest first.
    ///
    /// - Parameters:
    ///   - site: Where the change was asked for: the end of what it removes is called there.
    ///   - endingRemoved: Whether to end what the transition removed: not a container that
    ///     left because it is ending.
    ///   - transition: The change to the stack.
    private func change(
        at site: SourceSite?, endingRemoved: Bool = true, _ transition: (inout StackState) -> Void
    ) {
        let change = state.withLock { state in
            let before = state.kept
            transition(&state)
            return StackState.Change(
                before: before, after: state.kept, refused: state.takeRefused())
        }
        for container in change.added {
            container.boundCore.addHook { [weak self, weak container] in
                guard let self, let container else { return }
                self.change(at: nil, endingRemoved: false) { $0.forget(container) }
            }
        }
        if change.changed { registrar.withMutation(of: self, keyPath: \.path) {} }
        guard endingRemoved else { return }
        for container in change.toEnd { _ = container.boundCore.end(at: site) }
    }
}

extension ContainerStack: OwnerWatched {
    var keptNewestFirst: [ScopeCore] {
        state.withLock { $0.kept.reversed().map { $0.boundCore } }
    }

    /// Ends and lets go of every container still kept, the top first; a container given from
    /// now on is ended at once.
    func ownerDidEnd() { change(at: Self.here()) { $0.ownerDidEnd() } }
}

extension ContainerStack {
    /// One container on a ``ContainerStack``'s ``ContainerStack/path``, equal to another
    /// entry of the same container: the element of a `NavigationStack`'s path.
    ///
    /// ```swift
    /// .navigationDestination(for: ContainerStack.Entry.self) { entry in
    ///     ScreenView(container: entry.container)
    /// }
    /// ```
    public struct Entry: Hashable, Identifiable, Sendable {
        /// The container on the stack.
        public let container: any Container

        init(_ container: any Container) { self.container = container }

        /// The container's identity.
        public var id: ObjectIdentifier { ObjectIdentifier(container) }

        /// Whether both entries hold the same container.
        ///
        /// - Parameters:
        ///   - lhs: An entry.
        ///   - rhs: Another entry.
        /// - Returns: `true` when both hold the same container instance.
        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.container === rhs.container }

        /// Hashes the container's identity.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }
}
