import GuideCore

/// The journal engine's session: the journal's `session` record.
struct JournalUserSessionRepository: UserSessionRepository {
    let journal: Journal

    func load() throws(StorageError) -> UserSession? {
        guard case .session(let session) = try journal.records()["session"] else {
            return nil
        }
        return session
    }

    func save(_ session: UserSession) throws(StorageError) {
        try journal.put(.session(session))
    }

    func clear() throws(StorageError) { try journal.remove("session") }
}
