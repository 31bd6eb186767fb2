/// A note: a title and some text.
public struct Note: Hashable, Sendable {
    /// What the note is about.
    public var title: String
    /// What it says; may be empty.
    public var text: String

    /// Makes a note.
    ///
    /// - Parameters:
    ///   - title: What the note is about.
    ///   - text: What it says.
    public init(title: String, text: String = "") {
        self.title = title
        self.text = text
    }
}

/// Where every user's notes are kept: the one repository, and the only way the app reaches
/// its data, so that a test can swap it.
public protocol NoteRepository: Sendable {
    /// The notes of `user`, oldest first.
    func notes(of user: String) async throws -> [Note]

    /// Adds `note` after the other notes of `user`.
    func add(_ note: Note, for user: String) async throws
}

/// Notes kept in memory for as long as the process runs: the app's store, and a fake for
/// tests.
public actor InMemoryNoteRepository: NoteRepository {
    private var notesByUser: [String: [Note]]

    /// Makes a store that holds `notesByUser`: none, unless a test gives some.
    public init(_ notesByUser: [String: [Note]] = [:]) { self.notesByUser = notesByUser }

    /// The notes of `user`, oldest first.
    public func notes(of user: String) -> [Note] { notesByUser[user, default: []] }

    /// Adds `note` after the other notes of `user`.
    public func add(_ note: Note, for user: String) { notesByUser[user, default: []].append(note) }
}
