public import Strata

/// Asks who is signed in: the name and address of the session's user.
///
/// The app's session container answers it, so it is found from any container below a
/// signed-in session and not found anywhere else — in the guide, or once sign-out has ended
/// the session. Not found means nobody is signed in.
///
/// ```swift
/// // The session answers (in the app, which knows the session):
/// signedIn.handle(CurrentProfile.self) { signedIn, _ in ProfileSummary(signedIn.user().value) }
///
/// // The contact form asks (in its feature, which knows no session):
/// let sender = try? contactForm.perform(CurrentProfile())   // nil: ask for an address
/// ```
public struct CurrentProfile: Route {
    /// The signed-in user's name and address.
    public typealias Output = ProfileSummary

    /// Makes the request; it carries nothing.
    public init() {}
}
