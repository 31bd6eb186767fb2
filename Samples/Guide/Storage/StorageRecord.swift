import Foundation
public import GuideCore

/// One thing the guide stores, as a migration moves it from one engine to another.
///
/// Each record has a ``key``; an engine holds at most one record per key, so writing a
/// record twice is the same as writing it once.
public enum StorageRecord: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The signed-in session, with the user's edited name.
    case session(UserSession)
    /// One user's notification answer.
    case notificationChoice(userID: String, NotificationChoice)
    /// The contact form's message at `position` in the outbox, from 0.
    case outboxMessage(position: Int, ContactMessage)

    /// The record's identity in its engine: `session`, `notification:<userID>`, or
    /// `outbox:<position>` with the position in nine digits, so that keys sort as
    /// positions do.
    public var key: String {
        switch self {
        case .session: "session"
        case .notificationChoice(let userID, _): "notification:\(userID)"
        case .outboxMessage(let position, _): String(format: "outbox:%09d", position)
        }
    }

    /// The record, for a person: `session of demo`, `outbox message 2`.
    public var description: String {
        switch self {
        case .session(let session): "the session of \(session.userID)"
        case .notificationChoice(let userID, _): "the notification answer of \(userID)"
        case .outboxMessage(let position, _): "outbox message \(position + 1)"
        }
    }

    private enum Kind: String, Codable {
        case session, notification, outbox
    }

    private enum CodingKeys: String, CodingKey {
        case kind, session, userID, choice, position, message
    }

    /// Reads a record as ``encode(to:)`` writes it: `{"kind": "session", "session": {…}}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when it is not a record.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        switch try values.decode(Kind.self, forKey: .kind) {
        case .session:
            self = .session(try values.decode(UserSession.self, forKey: .session))
        case .notification:
            self = .notificationChoice(
                userID: try values.decode(String.self, forKey: .userID),
                try values.decode(NotificationChoice.self, forKey: .choice))
        case .outbox:
            self = .outboxMessage(
                position: try values.decode(Int.self, forKey: .position),
                try values.decode(ContactMessage.self, forKey: .message))
        }
    }

    /// Writes the record with a `kind` and its fields.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when a value cannot be written.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .session(let session):
            try values.encode(Kind.session, forKey: .kind)
            try values.encode(session, forKey: .session)
        case .notificationChoice(let userID, let choice):
            try values.encode(Kind.notification, forKey: .kind)
            try values.encode(userID, forKey: .userID)
            try values.encode(choice, forKey: .choice)
        case .outboxMessage(let position, let message):
            try values.encode(Kind.outbox, forKey: .kind)
            try values.encode(position, forKey: .position)
            try values.encode(message, forKey: .message)
        }
    }
}
