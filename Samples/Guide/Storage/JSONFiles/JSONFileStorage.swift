public import Foundation
public import GuideCore

/// The first storage engine: one JSON file per kind of data in the data directory —
/// `session.json`, `notifications.json` and `outbox.json` — each read whole and rewritten
/// atomically.
///
/// The engine owns its file names (``FileName``) and its repositories, in this folder:
/// ``FileUserSessionRepository``, ``FileNotificationPreferenceRepository`` and
/// ``FileOutboxRepository``. A migration reads and writes through those same repositories,
/// so each file is read and written in one place.
public struct JSONFileStorage: StorageEngine {
    /// The names of the engine's files in the data directory.
    public enum FileName {
        /// The session: `session.json`.
        public static let session = "session.json"
        /// Every user's notification answer: `notifications.json`.
        public static let notifications = "notifications.json"
        /// The contact form's messages: `outbox.json`.
        public static let outbox = "outbox.json"
    }

    /// The data directory.
    public let directory: URL
    private let sessionFile: FileUserSessionRepository
    private let notificationsFile: FileNotificationPreferenceRepository
    private let outboxFile: FileOutboxRepository

    /// Makes the engine over `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first write.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(directory: URL, disk: any Disk = SystemDisk()) {
        self.directory = directory
        sessionFile = FileUserSessionRepository(directory: directory, disk: disk)
        notificationsFile = FileNotificationPreferenceRepository(directory: directory, disk: disk)
        outboxFile = FileOutboxRepository(directory: directory, disk: disk)
    }

    /// ``StorageEngineKind/jsonFiles``.
    public var kind: StorageEngineKind { .jsonFiles }

    /// A ``FileUserSessionRepository`` over `session.json`.
    public var sessions: any UserSessionRepository { sessionFile }

    /// A ``FileNotificationPreferenceRepository`` over `notifications.json`.
    public var notificationPreferences: any NotificationPreferenceRepository {
        notificationsFile
    }

    /// A ``FileOutboxRepository`` over `outbox.json`.
    public var outbox: any OutboxRepository { outboxFile }

    /// Everything in the three files, sorted by key.
    ///
    /// - Returns: The records.
    /// - Throws: ``StorageError``; a corrupt file is moved aside first.
    public func records() throws(StorageError) -> [StorageRecord] {
        var records: [StorageRecord] = []
        if let stored = try sessionFile.load() { records.append(.session(stored)) }
        for (userID, choice) in try notificationsFile.choices() {
            records.append(.notificationChoice(userID: userID, choice))
        }
        for (position, message) in try outboxFile.messages().enumerated() {
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
            try sessionFile.save(stored)
        case .notificationChoice(let userID, let choice):
            try notificationsFile.remember(choice, forUser: userID)
        case .outboxMessage(let position, let message):
            try outboxFile.put(message, at: position)
        }
    }

    /// Removes what a crash left in the middle of a write: the temporary copy of a file
    /// that was never renamed over it, and says so.
    ///
    /// Each file is replaced whole, synced, so a crash or a full disk leaves the old file or
    /// the new one, never part of one; the write it interrupted was never reported as saved.
    ///
    /// - Returns: One sentence per interrupted write; none when there was none.
    public func recover() -> [String] {
        [sessionFile.url, notificationsFile.url, outboxFile.url].flatMap { file in
            SyncedFile.unfinishedCopies(of: file).map { copy in
                do {
                    try FileManager.default.removeItem(at: copy)
                } catch {
                    return "\(copy.path), a write to \(file.lastPathComponent) that was never "
                        + "saved, could not be removed: \(error.localizedDescription)"
                }
                return "a write to \(file.path) was cut short before it was saved; the file "
                    + "holds what it held before, and the unfinished copy was removed."
            }
        }
    }

    /// The three files, those that exist.
    ///
    /// - Returns: The files.
    public func files() -> [URL] {
        [sessionFile.url, notificationsFile.url, outboxFile.url].filter {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }
}
