public import Foundation

/// A message written in the guide's contact form, kept in the outbox until a real app
/// would send it.
public struct ContactMessage: Codable, Hashable, Sendable {
    /// The address to answer.
    public var replyTo: String
    /// What the user wrote.
    public var text: String
    /// When the user sent it.
    public var sentAt: Date

    /// Makes a message.
    ///
    /// - Parameters:
    ///   - replyTo: The address to answer.
    ///   - text: What the user wrote.
    ///   - sentAt: When the user sent it.
    public init(replyTo: String, text: String, sentAt: Date) {
        self.replyTo = replyTo
        self.text = text
        self.sentAt = sentAt
    }
}
