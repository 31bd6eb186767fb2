import Foundation

/// How both storage engines put bytes on disk: a write returns only once its bytes are
/// written and synced, and a write that fails leaves the file as it was.
///
/// - ``replace(_:with:)`` writes a temporary file beside the old one, syncs it, renames it
///   over the old one and syncs the directory: a crash leaves the old file or the new one,
///   and a full disk leaves the old one.
/// - ``append(_:to:)`` writes at the end and syncs; when the write fails part-way — a full
///   disk takes what fits — the file is cut back to its old length, so a failed append
///   leaves no half record behind.
///
/// Every byte goes through its ``Disk``, which a test hands in to make the disk full.
///
/// ```swift
/// let writer = SyncedFile(disk: SystemDisk())
/// try writer.replace(url, with: data)   // on disk when it returns
/// try writer.append(line, to: journal)  // on disk, or not there at all
/// ```
struct SyncedFile {
    /// Where the bytes go.
    let disk: any Disk

    /// Replaces the contents of `url` with `data`, or makes the file; the directory is made
    /// if need be.
    ///
    /// - Throws: What the file system throws; the old file is then as it was, and the
    ///   temporary file is removed.
    func replace(_ url: URL, with data: Data) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(
            Self.temporaryPrefix(of: url) + UUID().uuidString, isDirectory: false)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try disk.write(data, to: handle)
            try handle.synchronize()
            try handle.close()
            try rename(temporary, to: url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        try synchronize(directory: directory)
    }

    /// The temporary files a crash left beside `url` in the middle of a ``replace(_:with:)``:
    /// writes that were never saved.
    static func unfinishedCopies(of url: URL) -> [URL] {
        let directory = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(temporaryPrefix(of: url)) }.sorted().map {
            directory.appendingPathComponent($0, isDirectory: false)
        }
    }

    /// How the temporary files of `url` begin: `.outbox.json.saving-`.
    private static func temporaryPrefix(of url: URL) -> String {
        ".\(url.lastPathComponent).saving-"
    }

    /// Appends `data` at the end of `url`, which exists.
    ///
    /// - Throws: What the file system throws; the file is then cut back to the length it had,
    ///   unless that fails too, which leaves a torn last record for the next read to find.
    func append(_ data: Data, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let length = try handle.seekToEnd()
        do {
            try disk.write(data, to: handle)
            try handle.synchronize()
        } catch {
            try? handle.truncate(atOffset: length)
            try? handle.synchronize()
            throw error
        }
    }

    /// Cuts `url` to its first `length` bytes, synced.
    func truncate(_ url: URL, to length: UInt64) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: length)
        try handle.synchronize()
    }

    /// Renames `source` over `destination`, as `rename(2)` does: in one step.
    private func rename(_ source: URL, to destination: URL) throws {
        guard Foundation.rename(source.path, destination.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Syncs `directory`, so that a rename in it is on disk.
    private func synchronize(directory: URL) throws {
        let handle = try FileHandle(forReadingFrom: directory)
        defer { try? handle.close() }
        try handle.synchronize()
    }
}
