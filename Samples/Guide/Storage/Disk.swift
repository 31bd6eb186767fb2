public import Foundation

/// Where the storage engines' bytes go: the one step of a write that meets the disk.
///
/// Every byte the engines write — a file replaced whole, a line appended to the journal —
/// goes through ``write(_:to:)`` (in `SyncedFile`), so that a disk that fails can be handed
/// in where the engines are made (``StorageStartup/run(dataDirectory:toggles:disk:)``). The
/// app uses ``SystemDisk``; a test hands in a disk that is full after so many bytes, and
/// sees the engines keep every promise of a full disk without filling one.
///
/// ```swift
/// let storage = StorageStartup.run(dataDirectory: directory, toggles: toggles)  // SystemDisk
/// let full = StorageStartup.run(
///     dataDirectory: directory, toggles: toggles, disk: LimitedDisk(bytes: 0))  // a test's
/// ```
public protocol Disk: Sendable {
    /// Writes `data` at the handle's offset.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - handle: The open file.
    /// - Throws: What the file system throws; a full disk writes what fits and then throws,
    ///   as `write(2)` does.
    func write(_ data: Data, to handle: FileHandle) throws
}

/// The disk the file system gives: each write goes to the file as it is.
public struct SystemDisk: Disk {
    /// The file system's disk.
    public init() {}

    /// Writes `data` to the file.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - handle: The open file.
    /// - Throws: What the file system throws.
    public func write(_ data: Data, to handle: FileHandle) throws {
        try handle.write(contentsOf: data)
    }
}
