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

    /// Answers the main-actor `route` with `handler`, given `object`, for as long as `object`
    /// lives: the container holds `object` weakly, so that a model that holds the container
    /// answers its routes with no cycle and no `[weak self]`.
    ///
    /// Registered on the app by a root model that holds the app, a handler that captured the
    /// model would make a cycle (app → handler → model → app) that only the app's end
    /// breaks; here the model is handed to the handler at each call instead. Once `object`
    /// is gone the registration no longer answers, and a `perform` goes on to the
    /// container's ancestors, as if it had none. `object` is held while its handler runs.
    ///
    /// ```swift
    /// @MainActor final class RootModel {
    ///     let app: AppContainer
    ///     init(app: AppContainer) {
    ///         self.app = app
    ///         app.handle(OpenProfile.self, by: self) { model, route in model.show(route) }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - object: What answers it: held weakly.
    ///   - handler: Turns the object and a route value into the output, on the main actor.
    public func handle<R: MainActorRoute, Object: AnyObject & Sendable>(
        _ route: R.Type, by object: Object, _ handler: @escaping @MainActor (Object, R) -> R.Output
    ) {
        install(
            .mainActor { handler($0 as! Object, $1 as! R) }, for: route,
            answering: WeakReference(object))
    }

    /// Answers the async `route` with `handler`, given `object`, for as long as `object`
    /// lives: the form above for an ``AsyncRoute``, such as a sign-out that a root model
    /// answers.
    ///
    /// ```swift
    /// app.handle(SignOut.self, by: rootModel) { model, _ in await model.signOut() }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - object: What answers it: held weakly, and held while its handler runs.
    ///   - handler: Turns the object and a route value into the output.
    public func handle<R: AsyncRoute, Object: AnyObject & Sendable>(
        _ route: R.Type, by object: Object,
        _ handler: @escaping @Sendable (Object, R) async -> R.Output
    ) {
        install(
            .async { await handler($0 as! Object, $1 as! R) }, for: route,
            answering: WeakReference(object))
    }

    private func install(
        _ handler: RouteHandler, for route: Any.Type, answering: WeakReference? = nil
    ) {
        boundCore.setRouteHandler(
            RouteEntry(handler: handler, answering: answering), for: ObjectIdentifier(route),
            of: self)
    }

    /// Performs `route` through the nearest handler from this container up to the app.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    public func perform<R: Route>(_ route: R) throws(StrataError) -> R.Output {
        let (handler, receiver) = try nearestHandler(of: R.self)
        guard case .anyThread(let body) = handler else { handler.mismatched(R.self) }
        return body(receiver, route) as! R.Output
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
        let (handler, receiver) = try nearestHandler(of: R.self)
        guard case .mainActor(let body) = handler else { handler.mismatched(R.self) }
        return body(receiver, route) as! R.Output
    }

    /// Performs the async `route` through the nearest handler from this container up to the
    /// app, and awaits its output.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    public func perform<R: AsyncRoute>(_ route: R) async throws(StrataError) -> R.Output {
        let (handler, receiver) = try nearestHandler(of: R.self)
        guard case .async(let body) = handler else { handler.mismatched(R.self) }
        return await body(receiver, route) as! R.Output
    }

    /// The nearest handler of `route` from this container up to the app, with what it
    /// receives.
    private func nearestHandler(
        of route: Any.Type
    ) throws(StrataError) -> (RouteHandler, AnyObject) {
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

/// A registered handler, and the object it answers for when `handle(_:by:_:)` registered it:
/// held weakly, and the handler no longer answers once it is gone.
struct RouteEntry {
    let handler: RouteHandler
    let answering: WeakReference?
}

/// A route handler with its route and container types erased, so one table holds handlers
/// of every route; the case is the isolation the route's protocol gives it.
enum RouteHandler: Sendable {
    case anyThread(@Sendable (AnyObject, any Sendable) -> Any)
    case mainActor(@MainActor (AnyObject, any Sendable) -> Any)
    case async(@Sendable (AnyObject, any Sendable) async -> Any)

    /// Traps: a route type that conforms to two route protocols was handled through one and
    /// performed through the other.
    func mismatched(_ route: Any.Type) -> Never {
        trap(.routeOfTwoKinds(route: "\(route)"))
    }
}
