extension Container {
    /// Answers `route` for this container and every container below it, until this
    /// container ends.
    ///
    /// Registering the same route type again in the same container replaces the handler. A
    /// handler in a container nearer the caller wins over one further up.
    ///
    /// The container keeps `handler` until it ends. A handler that captures the container
    /// strongly therefore keeps it alive: dropped without ``end(fileID:filePath:line:column:)``, the container never ends
    /// itself, and its hooks do not run. Capture what the handler needs, or the container
    /// weakly; ``end(fileID:filePath:line:column:)`` drops the handler and breaks the cycle.
    ///
    /// ```swift
    /// signedIn.handle(ShowProfile.self) { route in ProfileSummary(for: route.userID) }
    /// ```
    ///
    /// - Parameters:
    ///   - route: The route type to answer.
    ///   - handler: Turns a route value into its output. It runs on the caller's thread.
    public func handle<R: Route>(
        _ route: R.Type, _ handler: @escaping @Sendable (R) -> R.Output
    ) {
        boundCore.setRouteHandler(RouteHandler(handler), for: ObjectIdentifier(route))
    }

    /// Performs `route` through the nearest handler from this container up to the app.
    ///
    /// - Parameter route: The route to perform.
    /// - Returns: The handler's output.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` naming the route and every
    ///   container searched, when none of them handles it.
    public func perform<R: Route>(_ route: R) throws(StrataError) -> R.Output {
        let key = ObjectIdentifier(R.self)
        var searched: [ContainerDescription] = []
        var core: ScopeCore? = boundCore
        while let current = core {
            if let handler = current.routeHandler(for: key) {
                return handler.perform(route)
            }
            searched.append(current.containerDescription)
            core = current.parent
        }
        throw .routeNotFound(route: String(describing: R.self), searched: searched)
    }
}

/// A route handler with its route type erased, so one table holds handlers of every route.
struct RouteHandler: Sendable {
    private let body: @Sendable (Any) -> Any

    init<R: Route>(_ handler: @escaping @Sendable (R) -> R.Output) {
        body = { handler($0 as! R) }
    }

    func perform<R: Route>(_ route: R) -> R.Output {
        body(route) as! R.Output
    }
}
