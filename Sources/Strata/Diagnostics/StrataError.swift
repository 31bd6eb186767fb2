/// An error Strata reports instead of trapping: from `try provider.resolve()`,
/// `try container.perform(route)` and `try container.gather(Key.self)`.
///
/// Every case carries where it happened — the container's type and tier, the provider —
/// and its ``description`` says what happened, where, and how to fix it. The trapping
/// call `provider()` stops the program with that same description, and so does `try!`
/// on any throwing call, whose message prints the error's description.
///
/// ```swift
/// do {
///     let profile = try signedIn.profileViewModel.resolve()
/// } catch StrataError.ended(let provider) {
///     log("signed out before \(provider) was ready")
/// }
/// ```
///
/// ## Switching over the cases
///
/// A minor release may add a case: a new way to fail that Strata learns to report. A
/// `switch` that lists every case ends with `@unknown default`, so that such a release
/// warns, "switch must be exhaustive", instead of breaking the build:
///
/// ```swift
/// switch error {
/// case .ended: showSignedOut()
/// case .routeNotFound(let route, _): log("no screen for \(route)")
/// case .childOfEnded, .cycle, .factoryFailed: log(error.description)
/// @unknown default: log(error.description)
/// }
/// ```
///
/// A `catch` of the cases you handle, or a `default:`, needs nothing more. Cases are only
/// added, never removed or changed, before 2.0 (see the CHANGELOG's versioning promise).
/// An enum, rather than a struct with a code, keeps `catch StrataError.ended(let provider)`
/// working, with the case's values bound where they are caught.
public enum StrataError: Error, CustomStringConvertible {
    /// A provider was resolved from a container that has ended (or is ending).
    case ended(provider: ProviderDescription)

    /// A child scope was created under a container whose end has begun: ending, or ended.
    ///
    /// `location` is the file and line of the child scope's initialiser call, which sits
    /// in the child container's `init`.
    case childOfEnded(parent: ContainerDescription, childTier: String, location: String)

    /// Providers need each other to be built. `path` starts and ends with the same
    /// provider: `AppContainer.a → AppContainer.b → AppContainer.a`.
    case cycle(path: [ProviderDescription])

    /// A provider's factory threw an error that is not a `StrataError`.
    case factoryFailed(provider: ProviderDescription, underlying: any Error)

    /// No container from the caller up to the app handles a route.
    ///
    /// `searched` lists the containers asked, the caller first.
    case routeNotFound(route: String, searched: [ContainerDescription])

    /// What happened, where, and how to fix it.
    public var description: String {
        switch self {
        case .ended(let provider):
            return """
                Strata: \(provider) was resolved after its container ended. \
                Where: provider '\(provider.providerName)' of \(provider.containerDescription). \
                To fix: resolve it before end() is called on \(provider.containerDescription.typeName) \
                or a container above it; code that may run after the end (a callback after \
                sign-out, a late task) should check isActive or call 'try resolve()' and \
                handle StrataError.ended.
                """
        case .childOfEnded(let parent, let childTier, let location):
            return """
                Strata: cannot create a \(childTier) scope under \(parent): \
                \(parent.typeName)'s end has begun, and it takes no new child (while it \
                drains, it still serves the children it has). Where: the child scope's \
                initialiser at \(location), with \(parent.typeName) as its parent. \
                To fix: make the child from a container whose end has not begun, or from \
                the one that replaced it; a server answers a request refused during its \
                shutdown with 503 Service Unavailable.
                """
        case .cycle(let path):
            let chain = path.map(\.description).joined(separator: " → ")
            return """
                Strata: dependency cycle: \(chain). Each provider needs the next one to be \
                built, so none of them can be. Where: \(path.first?.containerDescription.description ?? "?"). \
                To fix: break the cycle — build one side first and give the other a \
                back-reference to it, container.backReference(to: \\.provider), which \
                resolves later and does not keep the container alive; or move what both need \
                into a third provider.
                """
        case .factoryFailed(let provider, let underlying):
            return """
                Strata: \(provider) could not be built: its factory threw \(underlying). \
                Where: provider '\(provider.providerName)' of \(provider.containerDescription). \
                To fix: handle the error inside the factory, or resolve with \
                'try resolve()' and handle StrataError.factoryFailed.
                """
        case .routeNotFound(let route, let searched):
            let chain = searched.map(\.description).joined(separator: " → ")
            return """
                Strata: no handler for route \(route). Where: searched \(chain). \
                To fix: register one with handle(\(route).self) { … } in one of these \
                containers, or perform the route from a container below the one that \
                handles it; handlers go away when their container ends.
                """
        }
    }
}
