/// A dependency container of one tier: a `final class` that owns a ``Scope`` of its tier and
/// its parent's type, and declares providers as computed properties.
///
/// Because a container holds only `Sendable` things — its scope, which holds its parent, and
/// plain values — the compiler checks that it is `Sendable`; user code needs no `@unchecked`.
/// It is `final`: a class open to subclassing could be `Sendable` only by an unchecked
/// promise.
///
/// ```swift
/// final class AppContainer: Container {
///     let scope = AppScope()
///     var clock: Provider<any Clock> { shared { SystemClock() } }
///     func makeSignedInContainer(for user: User) -> SignedInContainer {
///         SignedInContainer(parent: self, user: user)
///     }
/// }
///
/// final class SignedInContainer: Container {
///     let scope: SessionScope<AppContainer>
///     let user: User
///     init(parent: AppContainer, user: User) { self.user = user; scope = SessionScope(parent: parent) }
///     var greeting: Provider<Greeting> { shared { Greeting(self.user, at: self.clock()) } }
/// }
/// ```
///
/// A child reads its ancestors' providers by name: `self.clock()` above is the app's
/// `clock`, found at compile time through ``subscript(dynamicMember:)``, which looks a name
/// the container does not declare up in its parent, then the parent's parent. ``parent``
/// is the parent itself.
///
/// Every container gets ``end(fileID:filePath:line:)``, ``isActive``, ``onEnd(_:)`` and ``tree``,
/// and the provider makers `shared`, `unique` and `weakShared`.
@dynamicMemberLookup
public protocol Container: AnyObject, Sendable {
    /// The container's tier: ``AppTier``, ``SessionTier``, ``FeatureTier`` or
    /// ``InteractionTier``.
    associatedtype ContainerTier: Tier

    /// The container's parent, as its scope names it: a container, `any Container` for a
    /// container that does not keep its parent's type, or `Never` for the root.
    associatedtype Parent: Sendable

    /// The container's scope, made in its `init` with its parent.
    var scope: Scope<ContainerTier, Parent> { get }
}

extension Container where Parent: Container {
    /// The container this one was made under, held by its scope as long as this one lives.
    @inlinable
    public var parent: Parent { scope.parentContainer! }

    /// What the parent offers, or its own ancestors, read as if this container declared it.
    ///
    /// Swift calls it for a name the container does not declare: `self.api()` in a dialog
    /// reads `parent.api` if the parent declares `api`, else the parent's parent's, up to the
    /// root, all resolved at compile time. A name that no ancestor declares does not compile:
    /// "value of type 'Dialog' has no dynamic member 'aip' using key path from root type
    /// 'Never'" — `Never` being the root's parent.
    ///
    /// ```swift
    /// final class Dialog: Container {
    ///     let scope: InteractionScope<Settings>   // Settings under Session under App
    ///     init(parent: Settings) { scope = InteractionScope(parent: parent) }
    ///     var form: Provider<Form> { shared { Form(api: self.api()) } }   // App's api
    /// }
    /// ```
    ///
    /// A name the container declares itself wins, as a parent's wins over its ancestors'. So
    /// a provider that wraps an ancestor's of the same name reads it through ``parent``:
    /// inside `var outbox`, `self.outbox()` is the container's own, a cycle, and
    /// `self.parent.outbox()` the parent's (or, if the parent does not declare it, the
    /// nearest ancestor's).
    ///
    /// A name found in the parent costs a key path read; one found further up is a key path
    /// through each tier between, built when it runs, which costs about a hundred times
    /// more. Neither counts in a factory, which runs once per instance; in a loop, or a
    /// `unique` resolved per frame, spell the path out: `parent.parent.api()`.
    ///
    /// - Parameter keyPath: What to read from the parent; written by the compiler.
    /// - Returns: The parent's value.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<Parent, Value>) -> Value {
        scope.parentContainer![keyPath: keyPath]
    }
}

extension Container {
    /// The handle on the container's scope, bound to it: the one way in for every entry
    /// point.
    ///
    /// The scope is made inside the container's `init`, before the container exists, so it
    /// learns its container — and applies its root's plans for it — on first use: here.
    /// Whatever keeps the scope open — a provider, a child — holds this handle.
    @inlinable
    var boundHandle: ScopeHandle {
        let handle = scope.handle
        handle.bind(self)
        return handle
    }

    /// The container's machinery, bound to it, for work that does not keep the scope open.
    @inlinable
    var boundCore: ScopeCore { boundHandle.core }

    /// Whether the container is still active: `false` from the moment
    /// ``end(fileID:filePath:line:)`` starts.
    public var isActive: Bool { scope.unboundCore.isActive }

    /// Ends the container and everything below it, and releases what it made.
    ///
    /// The container closes: no child can be made under it, while its children, which end
    /// first, the most recently created first, can still resolve from it. Then its
    /// ``task(priority:fileID:filePath:line:_:)`` work is cancelled, it runs its own end hooks in
    /// reverse order of creation — ``ScopeBound/scopeDidEnd()`` of its instances and the
    /// closures given to ``onEnd(_:)`` — and then releases its instances. Calling `end()`
    /// again does nothing.
    ///
    /// `end()` never blocks on an end that another thread or task is running: when it
    /// reaches a child already ending elsewhere, it leaves the rest of its steps to whoever
    /// finishes that child and returns, listing the container in ``EndReport/stillEnding``.
    /// The container's hooks and release still come after every child's;
    /// ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` awaits them.
    ///
    /// A container released without `end()` ends itself, hooks included, and its report is
    /// discarded; what it leaves alive is judged all the same, and a leak reaches the root's
    /// ``Container/onLeak(_:)`` receivers. A parent holds its children weakly, so a container
    /// made and released in one expression ends at once:
    /// `list.makeEditor(for: note).viewModel()` returns a view model whose container has
    /// already ended and told it so through ``ScopeBound/scopeDidEnd()``. Keep the container
    /// as long as what it made is in use.
    ///
    /// ```swift
    /// let report = signedIn.end()
    /// for leak in await report.leaks() { log("sign-out leaked: \(leak)") }
    /// ```
    ///
    /// The report's ``EndReport/watched`` lists the instances still alive when it was made:
    /// watched, not judged, since most are gone moments later — a local of the caller, a view on
    /// its way out. Each is judged once the end's whole subtree is released, the work the end
    /// started (an async ``onEnd(fileID:filePath:line:_:)`` hook, an ``AsyncScopeBound`` instance,
    /// a cancelled ``task(priority:fileID:filePath:line:_:)``) has finished, and the grace period
    /// (two seconds) has passed. ``EndReport/leaks()`` awaits that judgement; the root's
    /// ``Container/onLeak(_:)`` receivers are told of each leak.
    ///
    /// - Parameters:
    ///   - fileID: Where the end is called, for a leak check to point at; filled in by the
    ///     compiler.
    ///   - filePath: The file's path; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    /// - Returns: What was ended, what it could not await, and which instances were still
    ///   alive after their release: watched, not judged.
    @inlinable @discardableResult
    public func end(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line
    ) -> EndReport {
        return boundCore.end(
            at: SourceSite(fileID: fileID, filePath: filePath, line: line))
    }

    /// Runs `hook` when the container ends, after its children and in reverse order of
    /// registration among its other hooks.
    ///
    /// If the container has ended, `hook` runs at once.
    ///
    /// The hook receives the container, so it never needs to capture it: the container
    /// keeps the hook until it ends, and a hook that captured its container would keep it
    /// alive. What it receives depends on how the end came:
    ///
    /// - Ended by ``end(fileID:filePath:line:)`` or
    ///   ``endAndWait(within:draining:fileID:filePath:line:isolation:)`` — its own or an
    ///   ancestor's — while someone still holds it: the container. Its providers no longer
    ///   resolve by then (its children have ended and its own work has stopped), but its
    ///   stored properties, ``isActive`` and its identity are there to read.
    /// - Ended because it was released without an end, in its deinitialisation, or after it
    ///   was released while a provider or a child kept its scope open: `nil`. A container
    ///   that is deinitialising cannot be handed out — a reference kept past its deinit
    ///   would point at freed memory — so the hook learns that it is gone instead, and
    ///   nothing it stores can bring the container back.
    ///
    /// ```swift
    /// signedIn.onEnd { signedIn in log("session of \(signedIn?.session.user ?? "a released container") ended") }
    /// ```
    ///
    /// - Parameter hook: The work to do at the end; it receives the container, or `nil` when
    ///   the container is being released.
    @inlinable
    public func onEnd(_ hook: @escaping @Sendable (Self?) -> Void) {
        // Inlinable for the reason `endAndWait` is.
        boundCore.addHook({ hook($0 as? Self) }, of: self)
    }

    /// The live tree of containers from this one down, with the instances each holds.
    ///
    /// `String(describing:)` gives indented text; ``ScopeTree/dot`` and
    /// ``ScopeTree/mermaid`` give Graphviz and Mermaid diagrams.
    public var tree: ScopeTree {
        ScopeTree(boundCore)
    }
}

extension Container where ContainerTier == AppTier {
    /// Sends every lifecycle event of the tree below this root container to `handler`:
    /// containers beginning and ending, instances made and ended.
    ///
    /// Events arrive on the thread that caused them. Each call adds a receiver, as
    /// ``onLeak(_:)`` does; cancelling the subscription it returns removes that one, and
    /// tracing stops when none is left.
    ///
    /// ```swift
    /// let tracing = app.onTrace { event in print("trace:", event) }
    /// tracing.cancel()
    /// ```
    ///
    /// - Parameter handler: Receives each event.
    /// - Returns: The subscription whose ``Subscription/cancel()`` removes `handler`. It
    ///   stays when the subscription is let go.
    @discardableResult
    public func onTrace(_ handler: @escaping @Sendable (TraceEvent) -> Void) -> Subscription {
        // Installed before the container is bound, so that the root's own `began` reaches
        // the handler.
        let core = scope.unboundCore
        let number = core.addTracer(handler)
        _ = boundCore
        return Subscription(removal: { [weak core] in core?.removeTracer(number) })
    }
}
