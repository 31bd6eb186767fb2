public import Foundation
public import GuideCore

/// The JSON engine's outbox: the contact form's messages in `outbox.json` in the data
/// directory, written atomically.
public struct FileOutboxRepository: OutboxRepository {
    private let file: JSONFile<[ContactMessage]>

    /// Makes an outbox in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first message.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(directory: URL, disk: any Disk = SystemDisk()) {
        file = JSONFile(directory: directory, name: JSONFileStorage.FileName.outbox, disk: disk)
    }

    /// Adds `message` to `outbox.json`.
    ///
    /// A corrupt outbox is moved aside and reported; the message is not kept then, so the
    /// user can send it again.
    ///
    /// - Parameter message: The message to keep.
    /// - Throws: ``StorageError`` when the outbox cannot be read or written.
    public func keep(_ message: ContactMessage) throws(StorageError) {
        var kept = try file.read() ?? []
        try put(message, at: kept.count, in: &kept)
    }

    /// The messages in `outbox.json`, oldest first.
    ///
    /// - Returns: The messages.
    /// - Throws: ``StorageError`` when the outbox cannot be read.
    public func messages() throws(StorageError) -> [ContactMessage] {
        try file.read() ?? []
    }

    /// Writes `message` at `position`, from 0: over the message there, or after the last
    /// one — the one way both ``keep(_:)`` and the engine's upsert write the outbox.
    ///
    /// - Throws: ``StorageError`` when the outbox cannot be read or written, or for a
    ///   position past the end of the outbox.
    func put(_ message: ContactMessage, at position: Int) throws(StorageError) {
        var kept = try file.read() ?? []
        try put(message, at: position, in: &kept)
    }

    private func put(
        _ message: ContactMessage, at position: Int, in kept: inout [ContactMessage]
    ) throws(StorageError) {
        guard position <= kept.count else {
            throw .unwritable(
                file: file.url.path,
                reason: "\(StorageRecord.outboxMessage(position: position, message)) comes after "
                    + "the \(kept.count) messages there")
        }
        if position == kept.count { kept.append(message) } else { kept[position] = message }
        try file.write(kept)
    }

    /// `outbox.json`, for the engine that owns it.
    var url: URL { file.url }
}
