/// The signed-in user, as the app keeps it between launches.
///
/// It holds what the app needs to act for the user — who they are and the token the
/// authentication API gave at sign-in — and never the password.
///
/// ```swift
/// let session = try await authentication.signIn(email: "demo@example.com", password: "demo1234")
/// try sessionRepository.save(session)
/// ```
public struct UserSession: Codable, Hashable, Sendable {
    /// The account's identifier at the authentication API.
    public var userID: String
    /// The name the user goes by; they can change it in their profile.
    public var name: String
    /// The email address the user signs in with.
    public var email: String
    /// The token the authentication API issued at sign-in.
    public var token: String

    /// Makes a session.
    ///
    /// - Parameters:
    ///   - userID: The account's identifier at the authentication API.
    ///   - name: The name the user goes by.
    ///   - email: The email address the user signs in with.
    ///   - token: The token the authentication API issued at sign-in.
    public init(userID: String, name: String, email: String, token: String) {
        self.userID = userID
        self.name = name
        self.email = email
        self.token = token
    }
}
