public import Foundation
public import GuideCore

/// The two ways the guide can keep its data on disk.
public enum StorageEngineKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// One JSON file per kind of data — `session.json`, `notifications.json`,
    /// `outbox.json` — each rewritten whole.
    case jsonFiles = "json"
    /// One append-only journal, `journal.log`, compacted now and then.
    case journal

    /// The engine's name in a sentence: "JSON files", "the journal".
    public var displayName: String {
        switch self {
        case .jsonFiles: "JSON files"
        case .journal: "the journal"
        }
    }

    /// Makes the engine over `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    /// - Returns: The engine.
    public func makeEngine(directory: URL, disk: any Disk = SystemDisk()) -> any StorageEngine {
        switch self {
        case .jsonFiles: JSONFileStorage(directory: directory, disk: disk)
        case .journal: JournalStorage(directory: directory, disk: disk)
        }
    }
}

/// Where everything the guide stores is kept: the abstraction that lets a storage engine be
/// replaced while the app keeps working.
///
/// The app gets an engine's three repositories and nothing else, through GuideCore's
/// `Storage` (``StorageStartup``), so nothing in GuideKit can tell which engine is in use —
/// GuideKit does not even import this module. A migration uses the rest: every
/// record the engine holds, an idempotent upsert, and the engine's files to archive.
///
/// ```swift
/// let engine = StorageEngineKind.journal.makeEngine(directory: directory)
/// try engine.sessions.save(session)
/// try engine.records()   // [.session(session)]
/// ```
public protocol StorageEngine: Sendable {
    /// Which engine this is.
    var kind: StorageEngineKind { get }
    /// The signed-in session, with the user's edited name.
    var sessions: any UserSessionRepository { get }
    /// Each user's notification answer.
    var notificationPreferences: any NotificationPreferenceRepository { get }
    /// The contact form's messages.
    var outbox: any OutboxRepository { get }

    /// Everything the engine holds, sorted by ``StorageRecord/key``.
    ///
    /// - Returns: The records.
    /// - Throws: ``StorageError``; a corrupt file is moved aside first.
    func records() throws(StorageError) -> [StorageRecord]

    /// Writes `record`, replacing the record with the same key: doing it twice is doing it
    /// once.
    ///
    /// - Parameter record: The record.
    /// - Throws: ``StorageError`` when it cannot be written.
    func upsert(_ record: StorageRecord) throws(StorageError)

    /// Makes the engine's files whole after a crash or a full disk, and says what that cost:
    /// a start-up step, before anything reads them.
    ///
    /// - Returns: One sentence per loss, for the start-up notice; none when nothing was
    ///   lost.
    func recover() -> [String]

    /// The engine's files that exist now: what a migration archives once the data is safe
    /// in the other engine.
    ///
    /// - Returns: The files, which may be none.
    func files() -> [URL]
}
