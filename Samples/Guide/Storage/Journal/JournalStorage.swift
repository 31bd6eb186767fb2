public import Foundation
public import GuideCore

/// The second storage engine: everything in one append-only journal, `journal.log` in the
/// data directory, compacted when most of its lines are outdated.
///
/// The engine owns its file name and its repositories, in this folder:
/// `JournalUserSessionRepository`, `JournalNotificationPreferenceRepository` and
/// `JournalOutboxRepository` read what the journal holds by replaying it, and change it by
/// appending a line; see `Journal` for the format.
public struct JournalStorage: StorageEngine {
    /// The data directory.
    public let directory: URL
    private let journal: Journal

    /// Makes the engine over `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first write.
    ///   - compactsAfter: How many lines the journal may grow to before it is compacted,
    ///     when most of them are outdated.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(directory: URL, compactsAfter: Int = 64, disk: any Disk = SystemDisk()) {
        self.directory = directory
        journal = Journal(directory: directory, compactsAfter: compactsAfter, disk: disk)
    }

    /// ``StorageEngineKind/journal``.
    public var kind: StorageEngineKind { .journal }

    /// The session, kept as the journal's `session` record.
    public var sessions: any UserSessionRepository {
        JournalUserSessionRepository(journal: journal)
    }

    /// The notification answers, kept as `notification:<userID>` records.
    public var notificationPreferences: any NotificationPreferenceRepository {
        JournalNotificationPreferenceRepository(journal: journal)
    }

    /// The outbox, kept as `outbox:<position>` records.
    public var outbox: any OutboxRepository { JournalOutboxRepository(journal: journal) }

    /// Everything the journal holds, sorted by key.
    ///
    /// - Returns: The records.
    /// - Throws: ``StorageError``; a corrupt journal is moved aside first.
    public func records() throws(StorageError) -> [StorageRecord] {
        try journal.records().sorted { $0.key < $1.key }.map(\.value)
    }

    /// Appends `record` to the journal, unless it holds it already as it is.
    ///
    /// - Parameter record: The record.
    /// - Throws: ``StorageError`` when the journal cannot be read or written, or for an
    ///   outbox position past the end of the outbox.
    public func upsert(_ record: StorageRecord) throws(StorageError) {
        let file = journal.url.path
        try journal.update { records throws(StorageError) in
            if case .outboxMessage(let position, _) = record {
                let count = JournalOutboxRepository.count(in: records)
                guard position <= count else {
                    throw .unwritable(
                        file: file, reason: "\(record) comes after the \(count) messages there")
                }
            }
            return records[record.key] == record ? nil : Journal.Entry(put: record)
        }
    }

    /// Sets aside a last record that a crash or a full disk cut short, keeping every whole
    /// entry before it, and says so.
    ///
    /// - Returns: What was set aside and what was kept, or why the torn record could not be
    ///   set aside; none when the journal ends with a whole line.
    public func recover() -> [String] {
        do {
            return try journal.recover().map { ["\($0)"] } ?? []
        } catch {
            return ["\(error)"]
        }
    }

    /// `journal.log`, if it exists.
    ///
    /// - Returns: The files.
    public func files() -> [URL] { journal.files() }
}
