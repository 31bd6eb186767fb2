public import Foundation
public import GuideCore

/// The JSON engine's session: `session.json` in the data directory, written atomically.
///
/// The file holds the ``UserSession`` — identifier, name, email and token — and never a
/// password. A file that cannot be read as a session is moved aside to
/// `session.json.corrupt-<timestamp>` and reported, so the app can start the guide.
public struct FileUserSessionRepository: UserSessionRepository {
    private let file: JSONFile<UserSession>

    /// Makes a repository that keeps the session in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first save.
    ///   - now: The clock that stamps the name of a corrupt file moved aside; the system
    ///     clock unless a test gives one.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(
        directory: URL, now: @escaping @Sendable () -> Date = Date.init,
        disk: any Disk = SystemDisk()
    ) {
        file = JSONFile(
            directory: directory, name: JSONFileStorage.FileName.session, now: now, disk: disk)
    }

    /// Reads `session.json`.
    ///
    /// - Returns: The session, or `nil` when there is no file.
    /// - Throws: ``StorageError/corrupt(file:movedTo:reason:)`` after moving a corrupt file
    ///   aside, ``StorageError/unreadable(file:reason:)`` when it cannot be read.
    public func load() throws(StorageError) -> UserSession? { try file.read() }

    /// Writes `session.json` atomically.
    ///
    /// - Parameter session: The session to keep.
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be written.
    public func save(_ session: UserSession) throws(StorageError) { try file.write(session) }

    /// Removes `session.json`.
    ///
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be removed.
    public func clear() throws(StorageError) { try file.remove() }

    /// `session.json`, for the engine that owns it.
    var url: URL { file.url }
}
