/// Remembers each user's answer to the notification question, so that it is asked once.
///
/// The app has one, in the app container's `notificationPreferences`: the active storage
/// engine's in the app, ``InMemoryNotificationPreferenceRepository`` in tests and previews.
public protocol NotificationPreferenceRepository: Sendable {
    /// The answer the user gave, if they gave one.
    ///
    /// - Parameter userID: The user's identifier.
    /// - Returns: The answer, or `nil` when the user has not been asked.
    /// - Throws: ``StorageError`` when the stored answers cannot be read.
    func choice(forUser userID: String) throws(StorageError) -> NotificationChoice?

    /// Remembers the user's answer.
    ///
    /// - Parameters:
    ///   - choice: The answer.
    ///   - userID: The user's identifier.
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be stored.
    func remember(_ choice: NotificationChoice, forUser userID: String) throws(StorageError)
}
