// Where a container keeps its route handlers: its side state.

extension ScopeCore {
    func setRouteHandler(
        _ entry: RouteEntry, for route: ObjectIdentifier, of owner: any Container
    ) {
        remember(owner)
        let replaced = transition { state in
            state.serves ? state.sideForWriting().routes.updateValue(entry, forKey: route) : nil
        }
        // Released outside the lock: what the old handler captured may call back in.
        _ = replaced
    }

    /// The handler of `route` in this container and what it receives, held for its call: the
    /// container, or the object `handle(_:by:_:)` registered it for; `nil` once the container
    /// has ended, when it is gone, or when that object is gone.
    func routeHandler(for route: ObjectIdentifier) -> (RouteHandler, AnyObject)? {
        let found = read { state in
            state.serves
                ? state.side.flatMap { side in side.routes[route].map { ($0, side.owner) } } : nil
        }
        guard let (entry, reference) = found, let owner = reference?() else { return nil }
        guard let answering = entry.answering else { return (entry.handler, owner) }
        return answering.object.map { (entry.handler, $0) }
    }
}
