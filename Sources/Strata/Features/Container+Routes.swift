extension Container {
    /// Answers `route` for this container and every container below it, until this
    /// container ends.
    ///
    /// Registering the same route type again in the same container replaces the handler. A
    /// handler in a container nearer the caller wins over one further up.
    ///
    /// The handler receives the container it was installed on, so it never needs to capture
    /// it: the container keeps the handler until it ends, and a handler that captured its
    /// container would keep it alive. The container is held weakly for the handler; once it
    /// is released, its handler is passed over as an ended container's is, even while a
    /// provider or a child still keeps its scope open.
    ///
    /// ```swift
    /// signedIn.handle(ShowProfile.self) { signedIn, route in
    ///     ProfileSummary(signedIn.user().value, for: route.userID)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - handler: Turns the container and a route value into the output. It runs on the
    ///     caller's thread.
    public func handle<R: Route>(
        _ route: R.Type, _ handler: @escaping @Sendable (Self, R) -> R.Output
    ) {
        install(.anyThread { handler($0 as! Self, $1 as! R) }, for: route)
    }

    /// Answers the main-actor `route` for this container and every container below it, until
    /// this container ends, with a handler that runs on the main actor.
    ///
    /// The main-actor form of `handle(_:_:)`, for a handler that
    /// touches main-actor state: a cart, a navigation stack. It may be installed from any
    /// thread; it runs when the route is performed, on the main actor.
    ///
    /// ```swift
    /// session.handle(AddToCart.self) { session, route in session.cart().add(route.item) }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - handler: Turns the container and a route value into the output, on the main actor.
    public func handle<R: MainActorRoute>(
        _ route: R.Type, _ handler: @escaping @MainActor (Self, R) -> R.Output
    ) {
        install(.mainActor { handler($0 as! Self, $1 as! R) }, for: route)
    }

    /// Answers the async `route` for this container and every container below it, until this
    /// container ends, with a handler that is awaited.
    ///
    /// The form for a request that takes time or crosses actors, such as a feature asking
    /// the app to sign out. The handler runs in the performer's task, off any actor; it
    /// `await`s what it needs from the main actor.
    ///
    /// ```swift
    /// app.handle(SignOut.self) { app, _ in await app.session.signOut() }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - handler: Turns the container and a route value into the output.
    public func handle<R: AsyncRoute>(
        _ route: R.Type, _ handler: @escaping @Sendable (Self, R) async -> R.Output
    ) {
        install(.async { await handler($0 as! Self, $1 as! R) }, for: route)
    }

    private func install(_ handler: RouteHandler, for route: Any.Type) {
        boundCore.setRouteHandler(handler, for: ObjectIdentifier(route), of: self)
    }

    /// Performs `route` through the nearest handler from this container up to the app.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    public func perform<R: Route>(_ route: R) throws(StrataError) -> R.Output {
        let (handler, container) = try nearestHandler(of: R.self)
        guard case .anyThread(let body) = handler else { handler.mismatched(R.self) }
        return body(container, route) as! R.Output
    }

    /// Performs the main-actor `route` on the main actor, through the nearest handler from
    /// this container up to the app.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    @MainActor
    public func perform<R: MainActorRoute>(_ route: R) throws(StrataError) -> R.Output {
        let (handler, container) = try nearestHandler(of: R.self)
        guard case .mainActor(let body) = handler else { handler.mismatched(R.self) }
        return body(container, route) as! R.Output
    }

    /// Performs the async `route` through the nearest handler from this container up to the
    /// app, and awaits its output.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    public func perform<R: AsyncRoute>(_ route: R) async throws(StrataError) -> R.Output {
        let (handler, container) = try nearestHandler(of: R.self)
        guard case .async(let body) = handler else { handler.mismatched(R.self) }
        return await body(container, route) as! R.Output
    }

    /// The nearest handler of `route` from this container up to the app, with the container
    /// it receives.
    private func nearestHandler(
        of route: Any.Type
    ) throws(StrataError) -> (RouteHandler, any Container) {
        let key = ObjectIdentifier(route)
        var searched: [ContainerDescription] = []
        var core: ScopeCore? = boundCore
        while let current = core {
            if let found = current.routeHandler(for: key) { return found }
            searched.append(current.containerDescription)
            core = current.parent
        }
        throw .routeNotFound(route: String(describing: route), searched: searched)
    }
}

/// A route handler with its route and container types erased, so one table holds handlers
/// of every route; the case is the isolation the route's protocol gives it.
enum RouteHandler: Sendable {
    case anyThread(@Sendable (any Container, any Sendable) -> Any)
    case mainActor(@MainActor (any Container, any Sendable) -> Any)
    case async(@Sendable (any Container, any Sendable) async -> Any)

    /// Traps: a route type that conforms to two route protocols was handled through one and
    /// performed through the other.
    func mismatched(_ route: Any.Type) -> Never {
        trap(.routeOfTwoKinds(route: "\(route)"))
    }
}
