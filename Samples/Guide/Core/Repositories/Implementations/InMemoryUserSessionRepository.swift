import Synchronization

/// Keeps the session in memory: for tests and previews, and for a run that should leave
/// nothing behind.
public final class InMemoryUserSessionRepository: UserSessionRepository {
    private let session: Mutex<UserSession?>

    /// Makes a repository, holding `session` if one is given.
    ///
    /// - Parameter session: The session a previous launch stored, if any.
    public init(session: UserSession? = nil) {
        self.session = Mutex(session)
    }

    /// The stored session.
    ///
    /// - Returns: The session, or `nil` when nobody is signed in.
    public func load() -> UserSession? { session.withLock { $0 } }

    /// Stores `session`.
    ///
    /// - Parameter session: The session to keep.
    public func save(_ session: UserSession) { self.session.withLock { $0 = session } }

    /// Forgets the stored session.
    public func clear() { session.withLock { $0 = nil } }
}
