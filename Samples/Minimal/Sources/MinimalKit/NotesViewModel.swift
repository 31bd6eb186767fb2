public import Observation

/// The notes list's view model: it loads the user's notes and adds new ones, and says where
/// it is in ``status``, which a view follows.
///
/// It holds what it needs — the user and the store — and never its container.
@MainActor @Observable
public final class NotesViewModel {
    /// Where the list is.
    public enum Status: Equatable, Sendable {
        /// Nothing asked for yet.
        case idle
        /// Waiting for the store.
        case loading
        /// The user's notes, oldest first.
        case loaded([Note])
        /// The store failed; what it said.
        case failed(String)
    }

    /// Where the list is now.
    public private(set) var status = Status.idle
    private let user: String
    private let store: any NoteRepository

    /// Makes the list of the notes of `user` in `store`.
    public init(user: String, store: any NoteRepository) {
        self.user = user
        self.store = store
    }

    /// Reads the user's notes.
    public func load() async {
        await update { try await self.store.notes(of: self.user) }
    }

    /// Adds `note` to the user's notes, then reads them again.
    public func add(_ note: Note) async {
        await update {
            try await self.store.add(note, for: self.user)
            return try await self.store.notes(of: self.user)
        }
    }

    /// Shows `loading` while `read` runs, then what it read, or why it failed.
    private func update(_ read: () async throws -> [Note]) async {
        status = .loading
        do {
            status = .loaded(try await read())
        } catch {
            status = .failed(String(describing: error))
        }
    }
}
