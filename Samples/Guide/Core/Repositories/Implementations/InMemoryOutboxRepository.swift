import Synchronization

/// Keeps the contact form's messages in memory: for tests and previews.
public final class InMemoryOutboxRepository: OutboxRepository {
    private let kept = Mutex<[ContactMessage]>([])

    /// Makes an empty outbox.
    public init() {}

    /// Adds `message` to the outbox.
    ///
    /// - Parameter message: The message to keep.
    public func keep(_ message: ContactMessage) { kept.withLock { $0.append(message) } }

    /// The messages in the outbox, oldest first.
    ///
    /// - Returns: The messages.
    public func messages() -> [ContactMessage] { kept.withLock { $0 } }
}
