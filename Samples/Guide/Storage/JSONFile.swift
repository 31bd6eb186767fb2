public import Foundation
public import GuideCore

/// One JSON file in the data directory, read whole and written atomically.
///
/// Writes go to a temporary file, synced, that then replaces the old one
/// (`SyncedFile/replace(_:with:)`): a write counts as saved once it returns, and a crash or a full
/// disk never leaves half a file — at most the write in progress is lost. A file that
/// cannot be decoded is moved aside to `<name>.corrupt-<timestamp>` — never deleted — and
/// reported as
/// ``StorageError/corrupt(file:movedTo:reason:)``.
///
/// The JSON engine's repositories keep their data in one each, and so does the record of a
/// migration.
///
/// ```swift
/// let file = JSONFile<UserSession>(directory: directory, name: "session.json")
/// try file.write(session)
/// try file.read()   // session
/// ```
public struct JSONFile<Value: Codable>: Sendable {
    /// Where the file is: `<directory>/<name>`.
    public let url: URL
    /// The clock that stamps the name of a corrupt file moved aside.
    private let now: @Sendable () -> Date
    /// How the file is written: atomically, synced, through the engine's disk.
    private let writer: SyncedFile

    /// Makes the file `name` in `directory`; nothing is read or written until asked.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first write.
    ///   - name: The file's name: `session.json`.
    ///   - now: The clock that stamps the name of a corrupt file moved aside; the system
    ///     clock unless a test gives one.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(
        directory: URL, name: String, now: @escaping @Sendable () -> Date = Date.init,
        disk: any Disk = SystemDisk()
    ) {
        url = directory.appendingPathComponent(name, isDirectory: false)
        self.now = now
        writer = SyncedFile(disk: disk)
    }

    /// The decoded contents, or `nil` when the file does not exist.
    ///
    /// - Returns: The value the file holds, or `nil` when there is no file.
    /// - Throws: ``StorageError/corrupt(file:movedTo:reason:)`` after moving a file that
    ///   cannot be decoded aside, ``StorageError/unreadable(file:reason:)`` when it cannot be
    ///   read or moved aside.
    public func read() throws(StorageError) -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
        do {
            return try Self.decoder.decode(Value.self, from: data)
        } catch {
            let reason = StorageError.reason(forDecoding: error)
            let movedTo = try FileManager.default.moveAside(
                url, label: "corrupt", reason: reason, at: now())
            throw .corrupt(file: url.path, movedTo: movedTo.path, reason: reason)
        }
    }

    /// Replaces the file's contents with `value`, creating the directory if needed; when it
    /// returns, the new contents are on disk, synced.
    ///
    /// - Parameter value: The value to keep.
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be written.
    public func write(_ value: Value) throws(StorageError) {
        do {
            try writer.replace(url, with: try Self.encoder.encode(value))
        } catch {
            throw .unwritable(file: url.path, reason: error.localizedDescription)
        }
    }

    /// Removes the file; a file that is not there is already removed.
    ///
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be removed.
    public func remove() throws(StorageError) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .unwritable(file: url.path, reason: error.localizedDescription)
        }
    }

    private static var encoder: JSONEncoder { .storage([.prettyPrinted, .sortedKeys]) }
    private static var decoder: JSONDecoder { .storage }
}
