/// Keeps the messages written in the contact form, as a real app would until it can send
/// them.
///
/// The app has one, in the app container's `outbox`: the active storage engine's in the app,
/// ``InMemoryOutboxRepository`` in tests and previews.
public protocol OutboxRepository: Sendable {
    /// Adds `message` to the outbox, and returns once it is saved: on disk, synced, for an
    /// outbox on disk.
    ///
    /// It is `async` so that an outbox may write away from the caller — the signed-in
    /// session's writes in the background, in order — while the caller still waits for the
    /// write before it says the message is kept.
    ///
    /// - Parameter message: The message to keep.
    /// - Throws: ``StorageError`` when the outbox cannot be read or written; the message is
    ///   not kept then.
    func keep(_ message: ContactMessage) async throws(StorageError)

    /// The messages in the outbox, oldest first.
    ///
    /// - Returns: The messages.
    /// - Throws: ``StorageError`` when the outbox cannot be read.
    func messages() throws(StorageError) -> [ContactMessage]
}
