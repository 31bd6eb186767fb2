/// The tabs of a tab host: one child container per tab, made on the tab's first selection and
/// kept until the owner's container ends.
///
/// A tab's container is made when the tab is first shown, not before: an app with a cart
/// tab the user never opens never makes the cart. Once made, it is kept, with everything it
/// made and the stack it shows, while the user moves between tabs. The tabs keep their
/// containers by the owner's rules, as ``ContainerStack`` does:
/// - ``container(for:make:)`` returns the tab's container, making it on first use, and
///   nothing once the owner's end has begun;
/// - a container that ends some other way — its own `end()` — leaves the tabs, and the next
///   use makes a new one;
/// - when the owner's container ends, every tab's container is ended, the newest made first,
///   before the owner's other children, and let go.
///
/// A tab's containers need not share a type: each use says the type it wants, and a kept
/// container of another type is ended and replaced — the account tab of a guest, then of a
/// signed-in user.
///
/// ```swift
/// enum ShopTab: Hashable, Sendable { case home, search, cart }
///
/// final class ShopTabs: Sendable {
///     let tabs: ContainerTabs<ShopTab>
///     init(session: SessionContainer) { tabs = ContainerTabs(in: session) }
/// }
///
/// let cart = shop.tabs.container(for: .cart) { try CartContainer(checking: session) }
/// ```
///
/// Like a ``ContainerStack``, tabs kept by an instance of their owner's container make a cycle
/// while the owner is active: the code that holds the owner holds it through ``Owned``, or
/// ends it. See <doc:Navigation>.
public final class ContainerTabs<Tab: Hashable & Sendable>: Sendable {
    private struct State {
        /// The tabs' containers, oldest made first.
        var kept: [(tab: Tab, container: any Container)] = []
        var ownerEnded = false
    }

    private let state = Lock<State>(State())
    /// Tells the tabs when the owner's end begins and when it has ended.
    private let watch: OwnerWatch

    /// No tab made yet, bound to `owner`: its end ends and lets go of every tab's container.
    ///
    /// - Parameter owner: The container whose end ends the tabs' containers: usually the one
    ///   that makes the object keeping the tabs.
    public init(in owner: some Container) {
        watch = OwnerWatch(of: owner)
        watch.watch(for: self)
    }

    /// The container of `tab`: the one kept, or, on first use, the one `make` returns, kept
    /// from then on; `nil` once the owner's end has begun.
    ///
    /// Once the owner's end has begun — an `end()`, an `endAndWait` still running, a sign-out
    /// — the tabs give no container and do not call `make`: a view's body evaluated again
    /// while the owner ends makes nothing under it, and shows nothing. The end may begin
    /// while `make` runs, so a `make` that makes the tab's container under the owner uses the
    /// throwing `init(checking:)`, whose ``StrataError/childOfEnded(parent:childTier:location:)``
    /// this call rethrows: `try?` reads both as "no tab".
    ///
    /// `make` runs with no lock held. When two threads make the same tab at once, the first
    /// kept wins and the other's container is ended. A container kept for `tab` that is not
    /// a `Child` is ended and replaced. What `make` returns once the owner has ended is ended
    /// at once, and not kept.
    ///
    /// ```swift
    /// TabView(selection: $selection) {
    ///     Tab("Cart", systemImage: "cart", value: .cart) {
    ///         if let cart = try? shop.tabs.container(for: .cart, make: {
    ///             try CartContainer(checking: session)
    ///         }) {
    ///             CartView(container: cart)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - tab: The tab.
    ///   - make: Makes the tab's container, under the owner or below it; not called once the
    ///     owner's end has begun.
    /// - Returns: The tab's container; `nil` once the owner's end has begun.
    /// - Throws: What `make` throws: the container was not made.
    public func container<Child: Container>(
        for tab: Tab, make: () throws -> Child
    ) rethrows -> Child? {
        guard watch.ownerIsActive else { return nil }
        if let kept = state.withLock({ $0.kept.first { $0.tab == tab }?.container }) as? Child {
            return kept
        }
        let made = try make()
        let (chosen, toEnd) = state.withLock { state -> (Child?, (any Container)?) in
            if state.ownerEnded { return (nil, made) }
            let index = state.kept.firstIndex { $0.tab == tab }
            if let index, let other = state.kept[index].container as? Child {
                return (other, made)
            }
            let replaced = index.map { state.kept.remove(at: $0).container }
            state.kept.append((tab, made))
            return (made, replaced)
        }
        if chosen === made {
            made.boundCore.addHook { [weak self, weak made] in
                guard let self, let made else { return }
                self.forget(made)
            }
        }
        toEnd?.end()
        return chosen
    }

    /// Lets go of a container that ended by itself.
    private func forget(_ container: any Container) {
        let dropped = state.withLock { state in
            state.kept.firstIndex { $0.container === container }.map { state.kept.remove(at: $0) }
        }
        _ = dropped  // let go outside the lock: its release may call back into the tabs
    }
}

extension ContainerTabs: OwnerWatched {
    var keptNewestFirst: [ScopeCore] {
        state.withLock { $0.kept.reversed().map { $0.container.boundCore } }
    }

    /// Ends and lets go of every tab's container, newest made first; a container made from
    /// now on is ended at once.
    ///
    /// The owner's end has ended them already, in its step that ends its children: what is
    /// left here is one made while the owner ended.
    func ownerDidEnd() {
        let kept = state.withLock { state in
            state.ownerEnded = true
            defer { state.kept = [] }
            return state.kept
        }
        for slot in kept.reversed() { slot.container.end() }
    }
}
