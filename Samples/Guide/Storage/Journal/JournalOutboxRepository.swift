import GuideCore

/// The journal engine's outbox: one `outbox:<position>` record per message, in order.
struct JournalOutboxRepository: OutboxRepository {
    let journal: Journal

    func keep(_ message: ContactMessage) throws(StorageError) {
        try journal.update { records in
            Journal.Entry(put: .outboxMessage(position: Self.count(in: records), message))
        }
    }

    func messages() throws(StorageError) -> [ContactMessage] {
        try journal.records().sorted { $0.key < $1.key }.compactMap {
            guard case .outboxMessage(_, let message) = $0.value else { return nil }
            return message
        }
    }

    /// How many messages `records` hold: the position of the next one.
    static func count(in records: [String: StorageRecord]) -> Int {
        records.values.count { if case .outboxMessage = $0 { true } else { false } }
    }
}
