/// Keeps the signed-in user's session between launches, so that a restart skips the guide.
///
/// The app has one, in the app container's `sessionRepository`: the active storage engine's
/// in the app, ``InMemoryUserSessionRepository`` in tests and previews. The profile's
/// edit-name form stores the new name here too, with the session.
///
/// ```swift
/// app.sessionRepository.override { InMemoryUserSessionRepository() }
/// ```
public protocol UserSessionRepository: Sendable {
    /// Reads the stored session.
    ///
    /// - Returns: The session, or `nil` when nobody is signed in.
    /// - Throws: ``StorageError`` when the stored session cannot be read; a corrupt one is
    ///   moved aside first, so the next launch starts clean.
    func load() throws(StorageError) -> UserSession?

    /// Stores `session`, replacing the one stored before.
    ///
    /// - Parameter session: The session to keep.
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be stored.
    func save(_ session: UserSession) throws(StorageError)

    /// Forgets the stored session, at sign-out.
    ///
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when it cannot be removed.
    func clear() throws(StorageError)
}
