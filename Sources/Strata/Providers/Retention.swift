/// How a container keeps the instance a `shared`-like provider made: the one thing that
/// tells `shared`, `weakShared` and `sharedWhenPresent` apart once the instance is built.
///
/// The claim engine (``ScopeCore/construct(_:retention:make:)``) reads it when it stores.
@usableFromInline
package enum Retention: Sendable {
    /// Held strongly until the container ends or the provider is reset: `shared`.
    case strong
    /// Held weakly, made again once it is gone: `weakShared`. The instance is the object
    /// itself, never boxed.
    case weak
    /// Held strongly, except a `nil`, which is handed to the callers of its construction
    /// only and not kept: `sharedWhenPresent`.
    case strongUnlessNil

    /// Whether the container keeps `instance`, or only hands it to this construction's
    /// callers.
    func keeps(_ instance: Instance) -> Bool {
        guard case .strongUnlessNil = self else { return true }
        return (instance.object as? any PossiblyAbsent)?.isAbsent != true
    }
}

/// A boxed optional, which may hold `nil`.
protocol PossiblyAbsent {
    var isAbsent: Bool { get }
}

extension Box: PossiblyAbsent where Value: OptionalValue {
    var isAbsent: Bool { !value.isPresent }
}
