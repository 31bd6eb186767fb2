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

extension ScopeCore {
    func setRouteHandler(_ handler: RouteHandler, for route: ObjectIdentifier) {
        let replaced = transition { state in
            state.serves ? state.sideForWriting().routes.updateValue(handler, forKey: route) : nil
        }
        // Released outside the lock: what the old handler captured may call back in.
        _ = replaced
    }

    /// The handler of `route` in this container; `nil` once the container has ended.
    func routeHandler(for route: ObjectIdentifier) -> RouteHandler? {
        read { state in state.serves ? state.side?.routes[route] : nil }
    }
}
