/// A typed request one feature makes of another without importing it: the route's type is
/// the address, its value the input, ``Output`` the answer.
///
/// A route type lives in a module both features can see. The feature that answers
/// registers a handler in its container with ``Container/handle(_:_:)``; any container
/// below it can ``Container/perform(_:)`` the route.
///
/// ```swift
/// // In a shared module:
/// struct ShowProfile: Route {
///     typealias Output = ProfileSummary
///     let userID: String
/// }
///
/// // In the profile feature's wiring:
/// signedIn.handle(ShowProfile.self) { route in ProfileSummary(for: route.userID) }
///
/// // In the contact-us feature, which does not import the profile feature:
/// let summary = try contactContainer.perform(ShowProfile(userID: user.id))
/// ```
public protocol Route: Sendable {
    /// What performing the route returns.
    associatedtype Output
}
