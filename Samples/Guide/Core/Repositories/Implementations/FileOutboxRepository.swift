public import Foundation

/// Keeps the contact form's messages in `outbox.json` in the data directory, written
/// atomically.
public struct FileOutboxRepository: OutboxRepository {
    private let file: JSONFile<[ContactMessage]>

    /// Makes an outbox in `directory`.
    ///
    /// - Parameter directory: The data directory; it is made on the first message.
    public init(directory: URL) {
        file = JSONFile(directory: directory, name: "outbox.json")
    }

    /// Adds `message` to `outbox.json`.
    ///
    /// A corrupt outbox is moved aside and reported; the message is not kept then, so the
    /// user can send it again.
    ///
    /// - Parameter message: The message to keep.
    /// - Throws: ``StorageError`` when the outbox cannot be read or written.
    public func keep(_ message: ContactMessage) throws(StorageError) {
        try file.write((try file.read() ?? []) + [message])
    }

    /// The messages in `outbox.json`, oldest first.
    ///
    /// - Returns: The messages.
    /// - Throws: ``StorageError`` when the outbox cannot be read.
    public func messages() throws(StorageError) -> [ContactMessage] {
        try file.read() ?? []
    }
}
