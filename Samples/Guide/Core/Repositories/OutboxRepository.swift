/// Keeps the messages written in the contact form, as a real app would until it can send
/// them.
///
/// The app has one, in the app container's `outbox`: the active storage engine's in the app,
/// ``InMemoryOutboxRepository`` in tests and previews.
public protocol OutboxRepository: Sendable {
    /// Adds `message` to the outbox.
    ///
    /// - Parameter message: The message to keep.
    /// - Throws: ``StorageError`` when the outbox cannot be read or written.
    func keep(_ message: ContactMessage) throws(StorageError)

    /// The messages in the outbox, oldest first.
    ///
    /// - Returns: The messages.
    /// - Throws: ``StorageError`` when the outbox cannot be read.
    func messages() throws(StorageError) -> [ContactMessage]
}
