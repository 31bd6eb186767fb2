public import Foundation

/// A message written in the contact form, kept in the outbox until a real app would send
/// it.
public struct ContactMessage: Codable, Hashable, Sendable {
    /// The address to answer.
    public var replyTo: String
    /// What the user wrote.
    public var text: String
    /// When the user sent it.
    public var sentAt: Date
    /// What the message is about, when the form was opened about something — `my account`
    /// from the profile; `nil` from the guide's contact form.
    public var topic: String?

    /// Makes a message.
    ///
    /// - Parameters:
    ///   - replyTo: The address to answer.
    ///   - text: What the user wrote.
    ///   - sentAt: When the user sent it.
    ///   - topic: What the message is about, if the form was opened about something.
    public init(replyTo: String, text: String, sentAt: Date, topic: String? = nil) {
        self.replyTo = replyTo
        self.text = text
        self.sentAt = sentAt
        self.topic = topic
    }
}
