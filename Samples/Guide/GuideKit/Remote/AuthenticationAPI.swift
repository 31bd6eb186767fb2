public import GuideCore

/// The remote service that signs users in and up: the app's only view of accounts.
///
/// The sample talks to ``LocalAuthenticationAPI``, a stand-in that runs in the process; a
/// real app would put an HTTP client behind this protocol, and nothing else would change.
public protocol AuthenticationAPI: Sendable {
    /// Signs in with an email address and a password.
    ///
    /// - Parameters:
    ///   - email: The email address, trimmed and lowercased.
    ///   - password: The password, as typed.
    /// - Returns: The new session.
    /// - Throws: ``AuthenticationError/wrongEmailOrPassword`` when they do not match an
    ///   account.
    func signIn(email: String, password: String) async throws(AuthenticationError) -> UserSession

    /// Makes an account and signs in to it.
    ///
    /// - Parameter account: The validated name, email address and password.
    /// - Returns: The new session.
    /// - Throws: ``AuthenticationError/emailTaken(_:)`` when an account has that address.
    func signUp(_ account: NewAccount) async throws(AuthenticationError) -> UserSession

    /// Sends a password-reset mail to `email` if an account has that address, and does
    /// nothing otherwise — so that the answer never tells who has an account.
    ///
    /// - Parameter email: The email address, trimmed and lowercased.
    func requestPasswordReset(email: String) async
}

/// Why the authentication API refused a request.
public enum AuthenticationError: Error, Hashable, Sendable {
    /// No account has this email address and password.
    case wrongEmailOrPassword
    /// An account already has this email address.
    case emailTaken(String)
}
