/// Who the signed-in user is, as another feature may know it: their name and email address,
/// never their token.
///
/// It is what ``CurrentProfile`` answers.
public struct ProfileSummary: Hashable, Sendable {
    /// The name the user goes by.
    public var name: String
    /// The email address the user signs in with, and is answered at.
    public var email: String

    /// Makes a summary.
    ///
    /// - Parameters:
    ///   - name: The name the user goes by.
    ///   - email: The user's email address.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// The summary of `session`'s user.
    ///
    /// - Parameter session: A signed-in user's session.
    public init(_ session: UserSession) {
        self.init(name: session.name, email: session.email)
    }
}
