import Foundation
public import GuideCore

/// A stand-in for the remote authentication API, running in the process. It is not a real
/// service: nothing leaves the machine.
///
/// It knows one demo account from the start — **email `demo@example.com`, password
/// `demo1234`** — and the accounts made by sign-up, which live as long as the process.
/// Passwords stay in its memory; nothing it holds is written to disk. Password-reset mail
/// goes to a ``MailSender``, which in the sample prints it.
///
/// ```swift
/// let api = LocalAuthenticationAPI(mailSender: InMemoryMailSender())
/// let session = try await api.signIn(email: "demo@example.com", password: "demo1234")
/// ```
public actor LocalAuthenticationAPI: AuthenticationAPI {
    /// The demo account's email address: `demo@example.com`.
    public static let demoEmail = "demo@example.com"
    /// The demo account's password: `demo1234`.
    public static let demoPassword = "demo1234"
    /// The demo account's name: `Demo User`.
    public static let demoName = "Demo User"

    private struct Account {
        var userID: String
        var name: String
        var password: String
    }

    /// Accounts by email address.
    private var accounts: [String: Account] = [
        demoEmail: Account(userID: "demo", name: demoName, password: demoPassword)
    ]
    private let mailSender: any MailSender

    /// Makes the stand-in, knowing only the demo account.
    ///
    /// - Parameter mailSender: Where password-reset mail goes.
    public init(mailSender: any MailSender) {
        self.mailSender = mailSender
    }

    /// Signs in to the demo account or an account made by sign-up in this process.
    ///
    /// - Parameters:
    ///   - email: The email address.
    ///   - password: The password.
    /// - Returns: A session with a fresh token.
    /// - Throws: ``AuthenticationError/wrongEmailOrPassword`` when they do not match.
    public func signIn(email: String, password: String) throws(AuthenticationError)
        -> UserSession
    {
        guard let account = accounts[email], account.password == password else {
            throw .wrongEmailOrPassword
        }
        return session(for: account, email: email)
    }

    /// Makes an account that lives as long as the process, and signs in to it.
    ///
    /// - Parameter account: The validated name, email address and password.
    /// - Returns: A session with a fresh token.
    /// - Throws: ``AuthenticationError/emailTaken(_:)`` when an account has that address.
    public func signUp(_ account: NewAccount) throws(AuthenticationError) -> UserSession {
        guard accounts[account.email] == nil else { throw .emailTaken(account.email) }
        let made = Account(
            userID: UUID().uuidString.lowercased(), name: account.name, password: account.password)
        accounts[account.email] = made
        return session(for: made, email: account.email)
    }

    /// Sends a reset mail when an account has `email`; does nothing otherwise.
    ///
    /// - Parameter email: The email address.
    public func requestPasswordReset(email: String) {
        guard let account = accounts[email] else { return }
        mailSender.send(
            Mail(
                to: email, subject: "Reset your Strata guide password",
                body: """
                    Hello \(account.name),

                    Someone asked to reset the password of your account.
                    If it was you, open this link within an hour:
                    https://guide.example.com/reset?token=\(UUID().uuidString.lowercased())

                    If it was not you, ignore this mail; your password stays as it is.
                    """))
    }

    private func session(for account: Account, email: String) -> UserSession {
        UserSession(
            userID: account.userID, name: account.name, email: email,
            token: UUID().uuidString.lowercased())
    }
}
