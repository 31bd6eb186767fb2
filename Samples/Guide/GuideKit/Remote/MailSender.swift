/// Sends mail on behalf of the authentication API, such as a password-reset link.
///
/// The sample's ``PrintingMailSender`` shows the mail instead of sending it.
public protocol MailSender: Sendable {
    /// Sends `mail`.
    ///
    /// - Parameter mail: The mail to send.
    func send(_ mail: Mail)
}

/// A plain-text mail.
public struct Mail: Hashable, Sendable {
    /// The recipient's address.
    public var to: String
    /// The subject line.
    public var subject: String
    /// The text.
    public var body: String

    /// Makes a mail.
    ///
    /// - Parameters:
    ///   - to: The recipient's address.
    ///   - subject: The subject line.
    ///   - body: The text.
    public init(to: String, subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }
}
