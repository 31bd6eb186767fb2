/// A lifecycle event of a container tree, sent to the handler given to
/// ``Container/onTrace(_:)`` on the root container.
///
/// A minor release may add a case, an event Strata learns to trace. As for ``StrataError``,
/// a `switch` that lists every case ends with `@unknown default`, so that such a release
/// warns, "switch must be exhaustive", instead of breaking the build:
///
/// ```swift
/// switch event {
/// case .made(let provider, _): log("made \(provider)")
/// case .began, .ended, .instanceEnded: break
/// @unknown default: log(event.description)
/// }
/// ```
public enum TraceEvent: Sendable, Hashable, CustomStringConvertible {
    /// A container was first used. (A scope is made before its container exists, so a
    /// container is announced when it first resolves, ends, or registers a hook.)
    case began(ContainerDescription)
    /// A container ended.
    case ended(ContainerDescription)
    /// A container made an instance for one of its `shared` or `weakShared` providers.
    case made(ProviderDescription, instanceType: String)
    /// A container's end reached an instance it made: its end hook ran, and it is released.
    case instanceEnded(ProviderDescription, instanceType: String)

    /// `began SignedInContainer (session tier)`, `made AppContainer.clock: SystemClock`, ….
    public var description: String {
        switch self {
        case .began(let container): "began \(container)"
        case .ended(let container): "ended \(container)"
        case .made(let provider, let type): "made \(provider): \(type)"
        case .instanceEnded(let provider, let type): "ended \(provider): \(type)"
        }
    }
}
