/// A handle on one dependency of a container: call it to get the instance.
///
/// Providers are made by a container's `shared`, `unique` and `weakShared`, usually in a
/// computed property, and are cheap to make afresh at every access.
///
/// ```swift
/// let repository = app.sessionRepository()          // traps on misuse
/// let repository = try app.sessionRepository.resolve() // throws StrataError instead
/// ```
public struct Provider<Value>: Sendable {
    @usableFromInline
    enum Lifetime: Sendable {
        /// Kept by the container, as the retention policy says: `shared`, `weakShared`,
        /// `sharedWhenPresent`.
        case kept(Retention)
        case unique
        /// One instance per top-level resolution: see
        /// ``Container/graph(_:line:_:)->Provider<Value>``.
        case graph

        @inlinable static var shared: Lifetime { .kept(.strong) }
        @inlinable static var weakShared: Lifetime { .kept(.weak) }
        /// `shared` that keeps no `nil`: see `sharedWhenPresent`.
        @inlinable static var sharedWhenPresent: Lifetime { .kept(.strongUnlessNil) }
    }

    // A provider is kept to seven words (the key's type comes from `Value`, the name is in
    // the key's site and place): the optimiser then keeps it in registers rather than in
    // memory, and drops it field by field instead of through its type's value witness, which
    // cost a metadata lookup and an indirect call at every resolution.
    /// Keeps the container's scope open while the provider is kept.
    @usableFromInline let handle: ScopeHandle
    /// The key's ``ProviderKey/site``.
    @usableFromInline let keySite: UInt
    /// The key's ``ProviderKey/place``.
    @usableFromInline let keyPlace: UInt
    /// The argument of a `shared(by:)` provider.
    @usableFromInline let argument: Argument?
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let make: @Sendable () throws -> Value

    @inlinable
    init(
        handle: ScopeHandle, name: StaticString, line: UInt, argument: Argument?,
        lifetime: Lifetime, make: @escaping @Sendable () throws -> Value
    ) {
        self.handle = handle
        self.keySite = name.site
        self.keyPlace = ProviderKey.place(of: name, line: line)
        self.argument = argument
        self.lifetime = lifetime
        self.make = make
    }

    /// The scope's machinery.
    @inlinable var core: ScopeCore { handle.core }

    @inlinable
    var key: ProviderKey {
        ProviderKey(
            site: keySite, place: keyPlace, type: ObjectIdentifier(Value.self), argument: argument)
    }

    /// Which container and which provider: the frame every resolution of it pushes.
    @inlinable var frame: Frame { Frame(core: core, key: key) }

    var site: ProviderSite { frame.site }

    /// Resolves the instance, trapping with a message that says what went wrong, where,
    /// and how to fix it.
    ///
    /// Use it where a failure is a programmer error: a container used after it ended, a
    /// dependency cycle. Code that may run late should call ``resolve()`` instead.
    ///
    /// - Returns: The instance.
    @inlinable @inline(__always)
    public func callAsFunction() -> Value {
        do {
            return try resolve()
        } catch {
            error.trap()
        }
    }

    /// Resolves the instance, throwing instead of trapping.
    ///
    /// - Returns: The instance.
    /// - Throws: ``StrataError/ended(provider:)`` when the container has ended,
    ///   ``StrataError/cycle(path:)`` when the providers need each other, and
    ///   ``StrataError/factoryFailed(provider:underlying:)`` when a factory throws.
    @inlinable @inline(__always)
    public func resolve() throws(StrataError) -> Value {
        // The container learnt its name, and ran its plans, when it made this provider.
        switch lifetime {
        case .kept(let retention):
            if let instance = core.cachedInstance(key) {
                return Self.value(of: instance, retention)
            }
            return try construct(retention)
        case .unique:
            let (stack, override) = try core.pushUnique(key)
            defer { stack.pop() }
            do {
                if let override { return try Self.run(override) }
                return try make()
            } catch {
                throw core.wrap(error, frame)
            }
        case .graph:
            let instance = try core.resolveInGraph(frame) { override in
                Instance(holding: try override.map(Self.run) ?? make())
            }
            return instance.value(as: Value.self)
        }
    }

    /// Builds the instance of a provider whose container keeps it, as `retention` says: one
    /// construction shared by every concurrent caller.
    ///
    /// Out of line, so that the cached path of ``resolve()`` builds no frame.
    @inlinable @inline(never)
    func construct(_ retention: Retention) throws(StrataError) -> Value {
        let instance = try core.construct(frame, retention: retention) { override in
            let value = try override.map(Self.run) ?? make()
            if case .weak = retention { return Instance(Self.weakObject(value, for: frame)) }
            return Instance(holding: value)
        }
        return Self.value(of: instance, retention)
    }

    /// The value `instance` holds; when it is kept weakly, the object itself, even for a
    /// protocol type, which ``Instance/init(holding:)`` would have boxed.
    @inlinable
    static func value(of instance: Instance, _ retention: Retention) -> Value {
        if case .weak = retention { return instance.object as! Value }
        return instance.value(as: Value.self)
    }

    /// Replaces the provider's factory, for tests and previews.
    ///
    /// A child container that reads this provider from its parent gets the override too.
    /// An instance the provider made before is ended at once, as ``endCachedInstance(fileID:filePath:line:)`` ends
    /// it: its end hook runs now and, if something still holds it, it is watched and judged as
    /// an end's instances are. The next resolution builds from `make`.
    ///
    /// It replaces what the provider names. A `shared(by:)` provider names one argument, so
    /// `app.detail(id: 23).override { … }` replaces item 23 alone, and wins there over an
    /// override of every argument (``overrideEveryArgument(of:_:)``), whichever came first.
    /// Other providers name their whole declaration.
    ///
    /// ```swift
    /// app.sessionRepository.override { InMemoryUserSessionRepository() }
    /// let broken = app.detail(id: 23).override { FakeDetail(id: 23, title: "Broken") }
    /// broken.cancel()     // item 23 is built by the declaration again
    /// ```
    ///
    /// - Parameter make: The factory to use instead of the declared one.
    /// - Returns: A subscription whose ``Subscription/cancel()`` removes this override, and
    ///   only it, ending the instance made from it; a later override of the same provider has
    ///   replaced it, and cancelling it then does nothing. The override stays when the
    ///   subscription is let go, until the container ends.
    @discardableResult
    public func override(_ make: @escaping @Sendable () throws -> Value) -> Subscription {
        core.setOverride(.fixed(.sync { try make() }), for: ScopeCore.overrideTarget(key))
    }

    @usableFromInline
    static func run(_ override: Override) throws -> Value {
        guard case .sync(let make) = override else {
            preconditionFailure("Strata: a synchronous provider holds an async override")
        }
        return try make() as! Value
    }
}
