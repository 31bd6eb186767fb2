import Foundation
import GuideCore
import Synchronization

/// An append-only journal in one file, `journal.log`: each line is a JSON entry that puts a
/// record or removes one, and replaying the lines in order gives what the journal holds.
///
/// A change appends one line, so a write never rewrites what is already there. When most
/// lines are outdated — more than `compactsAfter` lines, and more than twice the records
/// they hold — the journal is compacted: rewritten atomically with one line per record.
///
/// An entry counts once its line and the newline that ends it are on disk, synced: an
/// append that fails is cut back off (`SyncedFile/append(_:to:)`). So a crash or a full disk can
/// leave only the last line unfinished — a torn record — and that costs that record alone:
/// every whole line before it is read as usual, and the torn bytes are set aside to
/// `journal.log.torn-<timestamp>` (``TornRecord``) at start-up or before the next change.
///
/// Anything else that is not an entry — a whole line, ended by its newline, that does not
/// decode — is not what a crash leaves, so the journal cannot tell which of its lines to
/// trust: the whole file is corrupt. It is moved aside to `journal.log.corrupt-<timestamp>`
/// — never deleted — and reported as ``StorageError/corrupt(file:movedTo:reason:)``; the
/// next change starts a new journal.
///
/// ```text
/// {"put":{"kind":"session","session":{"email":"demo@example.com",…}}}
/// {"put":{"choice":"allowed","kind":"notification","userID":"demo"}}
/// {"remove":"session"}
/// ```
final class Journal: Sendable {
    /// One line of the journal: a record put, or a key removed.
    struct Entry: Codable, Equatable {
        var put: StorageRecord?
        var remove: String?
    }

    /// The journal's file name: `journal.log`.
    static let fileName = "journal.log"

    let url: URL
    private let compactsAfter: Int
    /// How the journal is written: appended to and replaced, synced, through the disk.
    let writer: SyncedFile
    /// Serializes the changes made in this process, so that each one replays the journal
    /// and appends to it without another change in between.
    private let lock = Mutex(())

    /// Makes the journal in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first change.
    ///   - compactsAfter: How many lines the journal may have before it is compacted.
    ///   - disk: Where the bytes go.
    init(directory: URL, compactsAfter: Int, disk: any Disk) {
        url = directory.appendingPathComponent(Self.fileName, isDirectory: false)
        self.compactsAfter = compactsAfter
        writer = SyncedFile(disk: disk)
    }

    /// What the journal holds, by key: every whole line, without a torn last record.
    func records() throws(StorageError) -> [String: StorageRecord] {
        try lock.withLock { _ throws(StorageError) in try replay().records }
    }

    /// Sets a torn last record aside, as start-up does before anything reads the journal,
    /// and says what it cost.
    ///
    /// - Returns: The torn record, or `nil` when the journal ends with a whole line.
    /// - Throws: ``StorageError`` when the journal cannot be read, or the torn record
    ///   cannot be set aside — on a full disk; reads still give every whole line then.
    func recover() throws(StorageError) -> TornRecord? {
        try lock.withLock { _ throws(StorageError) in
            let replay = try replay()
            guard !replay.torn.isEmpty else { return nil }
            return try setAside(replay)
        }
    }

    /// Appends the entry `change` makes from what the journal holds, if it makes one, and
    /// compacts the journal when most of its lines are outdated.
    ///
    /// - Parameter change: Given the records by key, the entry to append, or `nil` for
    ///   none.
    /// - Throws: ``StorageError`` when the journal cannot be read or written, or what
    ///   `change` throws.
    func update(
        _ change: ([String: StorageRecord]) throws(StorageError) -> Entry?
    ) throws(StorageError) {
        try lock.withLock { _ throws(StorageError) in
            let replay = try replay()
            // A torn record left by a failed append is set aside before the next line
            // goes after it.
            if !replay.torn.isEmpty { _ = try setAside(replay) }
            var records = replay.records
            guard let entry = try change(records) else { return }
            try append(entry)
            Self.apply(entry, to: &records)
            let lines = replay.lines + 1
            if lines > compactsAfter, lines > 2 * records.count {
                try compact(records)
            }
        }
    }

    /// Puts `record`, unless the journal already holds it as it is.
    func put(_ record: StorageRecord) throws(StorageError) {
        try update { records in records[record.key] == record ? nil : Entry(put: record) }
    }

    /// Removes the record with `key`, if the journal holds one.
    func remove(_ key: String) throws(StorageError) {
        try update { records in records[key] == nil ? nil : Entry(remove: key) }
    }

    /// The journal's file, if it exists.
    func files() -> [URL] { FileManager.default.fileExists(atPath: url.path) ? [url] : [] }

    /// Reads every whole line and applies it in order; the bytes after the last newline are
    /// a torn record, kept in ``Replay/torn``.
    private func replay() throws(StorageError) -> Replay {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Replay(records: [:], lines: 0, wholeLength: 0, torn: Data())
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
        let newline = UInt8(ascii: "\n")
        let wholeEnd = data.lastIndex(of: newline).map { $0 + 1 } ?? data.startIndex
        var records: [String: StorageRecord] = [:]
        var count = 0
        let lines = data[..<wholeEnd].split(separator: newline, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            do {
                let entry = try Self.decoder.decode(Entry.self, from: Data(line))
                guard (entry.put == nil) != (entry.remove == nil) else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: [], debugDescription: "neither a put nor a remove"))
                }
                Self.apply(entry, to: &records)
                count += 1
            } catch {
                let reason =
                    "line \(index + 1) is not a journal entry "
                    + "(\(StorageError.reason(forDecoding: error)))"
                let movedTo = try FileManager.default.moveAside(
                    url, label: "corrupt", reason: reason)
                throw .corrupt(file: url.path, movedTo: movedTo.path, reason: reason)
            }
        }
        return Replay(
            records: records, lines: count, wholeLength: wholeEnd - data.startIndex,
            torn: Data(data[wholeEnd...]))
    }

    /// Appends `entry`'s line, synced; a failed append leaves the journal as it was.
    private func append(_ entry: Entry) throws(StorageError) {
        do {
            var line = try Self.encoder.encode(entry)
            line.append(UInt8(ascii: "\n"))
            if FileManager.default.fileExists(atPath: url.path) {
                try writer.append(line, to: url)
            } else {
                try writer.replace(url, with: line)
            }
        } catch {
            throw .unwritable(file: url.path, reason: error.localizedDescription)
        }
    }

    /// Rewrites the journal with one line per record, atomically: a crash leaves the old
    /// journal or the new one, never half of one.
    private func compact(_ records: [String: StorageRecord]) throws(StorageError) {
        do {
            var data = Data()
            for key in records.keys.sorted() {
                data.append(try Self.encoder.encode(Entry(put: records[key])))
                data.append(UInt8(ascii: "\n"))
            }
            try writer.replace(url, with: data)
        } catch {
            throw .unwritable(file: url.path, reason: error.localizedDescription)
        }
    }

    private static func apply(_ entry: Entry, to records: inout [String: StorageRecord]) {
        if let record = entry.put { records[record.key] = record }
        if let key = entry.remove { records[key] = nil }
    }

    private static var encoder: JSONEncoder { .storage([.sortedKeys, .withoutEscapingSlashes]) }
    private static var decoder: JSONDecoder { .storage }
}
