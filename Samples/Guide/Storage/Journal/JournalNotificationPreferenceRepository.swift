import GuideCore

/// The journal engine's notification answers: one `notification:<userID>` record each.
struct JournalNotificationPreferenceRepository: NotificationPreferenceRepository {
    let journal: Journal

    func choice(forUser userID: String) throws(StorageError) -> NotificationChoice? {
        let key = StorageRecord.notificationChoice(userID: userID, .allowed).key
        guard case .notificationChoice(_, let choice) = try journal.records()[key] else {
            return nil
        }
        return choice
    }

    func remember(_ choice: NotificationChoice, forUser userID: String) throws(StorageError) {
        try journal.put(.notificationChoice(userID: userID, choice))
    }
}
