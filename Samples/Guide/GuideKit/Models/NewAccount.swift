/// What sign-up sends to the authentication API: a name, an email address and a password,
/// each already validated.
public struct NewAccount: Hashable, Sendable {
    /// The name the user goes by.
    public var name: String
    /// The email address the user signs in with, trimmed and lowercased.
    public var email: String
    /// The password.
    ///
    /// It goes to the authentication API only; nothing writes it to disk.
    public var password: String

    /// Makes a new account's details.
    ///
    /// - Parameters:
    ///   - name: The name the user goes by.
    ///   - email: The email address the user signs in with.
    ///   - password: The password.
    public init(name: String, email: String, password: String) {
        self.name = name
        self.email = email
        self.password = password
    }
}
