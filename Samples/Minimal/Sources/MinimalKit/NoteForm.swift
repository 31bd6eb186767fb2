/// A new note being filled in: its fields, and its save.
///
/// It lives in a ``NoteFormContainer``: closing the form ends the container, and what was
/// typed goes with it unless it was saved.
@MainActor
public final class NoteForm {
    /// The title; a note needs one.
    public var title = ""
    /// The text.
    public var text = ""
    private let list: NotesViewModel

    /// Makes an empty form that saves into `list`.
    public init(list: NotesViewModel) { self.list = list }

    /// Adds the note to the list, unless its title is blank.
    ///
    /// - Returns: Whether the note went to the list; the list's status says how it went.
    public func save() async -> Bool {
        guard !title.allSatisfy(\.isWhitespace) else { return false }
        await list.add(Note(title: title, text: text))
        return true
    }
}
