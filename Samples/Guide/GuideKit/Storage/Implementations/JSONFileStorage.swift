public import Foundation
public import GuideCore

/// The first storage engine: one JSON file per kind of data in the data directory —
/// `session.json`, `notifications.json` and `outbox.json` — each read whole and rewritten
/// atomically.
///
/// Its repositories are ``FileUserSessionRepository``,
/// ``FileNotificationPreferenceRepository`` and ``FileOutboxRepository``.
public struct JSONFileStorage: StorageEngine {
    /// The data directory.
    public let directory: URL
    private let session: JSONFile<UserSession>
    private let notifications: JSONFile<[String: NotificationChoice]>
    private let messages: JSONFile<[ContactMessage]>

    /// Makes the engine over `directory`.
    ///
    /// - Parameter directory: The data directory; it is made on the first write.
    public init(directory: URL) {
        self.directory = directory
        session = JSONFile(directory: directory, name: "session.json")
        notifications = JSONFile(directory: directory, name: "notifications.json")
        messages = JSONFile(directory: directory, name: "outbox.json")
    }

    /// ``StorageEngineKind/jsonFiles``.
    public var kind: StorageEngineKind { .jsonFiles }

    /// A ``FileUserSessionRepository`` over `session.json`.
    public var sessions: any UserSessionRepository {
        FileUserSessionRepository(directory: directory)
    }

    /// A ``FileNotificationPreferenceRepository`` over `notifications.json`.
    public var notificationPreferences: any NotificationPreferenceRepository {
        FileNotificationPreferenceRepository(directory: directory)
    }

    /// A ``FileOutboxRepository`` over `outbox.json`.
    public var outbox: any OutboxRepository { FileOutboxRepository(directory: directory) }

    /// Everything in the three files, sorted by key.
    ///
    /// - Returns: The records.
    /// - Throws: ``StorageError``; a corrupt file is moved aside first.
    public func records() throws(StorageError) -> [StorageRecord] {
        var records: [StorageRecord] = []
        if let stored = try session.read() { records.append(.session(stored)) }
        for (userID, choice) in try notifications.read() ?? [:] {
            records.append(.notificationChoice(userID: userID, choice))
        }
        for (position, message) in (try messages.read() ?? []).enumerated() {
            records.append(.outboxMessage(position: position, message))
        }
        return records.sorted { $0.key < $1.key }
    }

    /// Writes `record` into its file, replacing the record with the same key.
    ///
    /// - Parameter record: The record.
    /// - Throws: ``StorageError`` when the file cannot be read or written, or for an outbox
    ///   position past the end of the outbox.
    public func upsert(_ record: StorageRecord) throws(StorageError) {
        switch record {
        case .session(let stored):
            try session.write(stored)
        case .notificationChoice(let userID, let choice):
            var choices = try notifications.read() ?? [:]
            choices[userID] = choice
            try notifications.write(choices)
        case .outboxMessage(let position, let message):
            var kept = try messages.read() ?? []
            guard position <= kept.count else {
                throw .unwritable(
                    file: messages.url.path,
                    reason: "\(record) comes after the \(kept.count) messages there")
            }
            if position == kept.count { kept.append(message) } else { kept[position] = message }
            try messages.write(kept)
        }
    }

    /// The three files, those that exist.
    ///
    /// - Returns: The files.
    public func files() -> [URL] {
        [session.url, notifications.url, messages.url].filter {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }
}
