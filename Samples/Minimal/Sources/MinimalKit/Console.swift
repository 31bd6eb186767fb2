import Strata

/// The `minimal` executable's loop: it reads commands, drives the containers and the view
/// model, and prints what happens.
///
/// It reads and writes through closures, so a test runs it on a script, in the process:
///
/// ```swift
/// let app = AppContainer()
/// await Console(app: app, input: { script.next() }, output: { text += $0 }).run()
/// await app.endAndWait()
/// ```
@MainActor
public final class Console {
    /// What the console understands.
    public static let commands = "sign in NAME, open notes, new note, list, tree, sign out, quit"

    private let app: AppContainer
    private let echo: Bool
    private let input: @MainActor () async -> String?
    private let output: @MainActor (String) -> Void
    private var session: SessionContainer?
    private var notes: NotesContainer?
    private var isDone = false

    /// Makes a console for `app`.
    ///
    /// - Parameters:
    ///   - app: The app container; its owner ends it after ``run()``.
    ///   - echo: Whether to print each line read after its prompt, as a terminal shows what
    ///     is typed: for input from a pipe or a script.
    ///   - input: The next line, without its line break; `nil` at the end of the input.
    ///   - output: Writes text as it is; the console adds the line breaks.
    public init(
        app: AppContainer, echo: Bool = true, input: @escaping @MainActor () async -> String?,
        output: @escaping @MainActor (String) -> Void
    ) {
        self.app = app
        self.echo = echo
        self.input = input
        self.output = output
    }

    /// Runs the commands until `quit` or the end of the input, then signs out.
    public func run() async {
        say("Notes, in four tiers: app > session > notes (feature) > form (interaction).")
        say("Commands: \(Self.commands).")
        while !isDone, let line = await ask(">") { await handle(line) }
        if session != nil { await signOut() }
    }

    private func handle(_ line: String) async {
        let command = line.split(separator: " ").joined(separator: " ")
        if command.hasPrefix("sign in ") {
            return signIn(String(command.dropFirst("sign in ".count)))
        }
        switch command {
        case "open notes": await openNotes()
        case "new note": await newNote()
        case "list": await list()
        case "tree": say(String(describing: app.tree))
        case "sign out": await signOut()
        case "quit": isDone = true
        default: say("Unknown command '\(command)'. Commands: \(Self.commands).")
        }
    }

    private func signIn(_ user: String) {
        if let session { return say("\(session.user) is signed in: sign out first.") }
        session = app.makeSession(for: user)
        say("Signed in as \(user): a session under the app.")
    }

    private func openNotes() async {
        guard let session else { return say("Nobody is signed in: sign in NAME first.") }
        if notes == nil {
            notes = session.makeNotes()
            say("Notes open: a feature under the session.")
        }
        await list()
    }

    private func list() async {
        guard let notes else { return say("The notes are not open: open notes first.") }
        let viewModel = notes.viewModel()
        await viewModel.load()
        show(viewModel.status)
    }

    /// Opens a form, fills it in and saves it, and closes it whatever happens.
    private func newNote() async {
        guard let notes else { return say("The notes are not open: open notes first.") }
        let formContainer = notes.makeNoteForm()
        say("New note: a form under the notes.")
        let form = formContainer.form()
        if let title = await ask("title>"), let text = await ask("text>") {
            form.title = title
            form.text = text
            if await form.save() {
                show(notes.viewModel().status)
            } else {
                say("A note needs a title: not saved.")
            }
        } else {
            say("The note is not saved.")
        }
        say("Form closed. Ended: \(names(formContainer.end())).")
    }

    /// Ends the session and everything under it, and says what ended.
    private func signOut() async {
        guard let session else { return say("Nobody is signed in.") }
        let report = await session.endAndWait(within: .seconds(5))
        self.session = nil
        notes = nil
        say("Signed out. Ended: \(names(report)).")
    }

    private func show(_ status: NotesViewModel.Status) {
        switch status {
        case .idle, .loading: say("Notes: \(status).")
        case .loaded(let notes) where notes.isEmpty: say("No notes yet: new note adds one.")
        case .loaded(let notes):
            say("Notes of \(session?.user ?? "nobody"):")
            for note in notes { say("  - \(note.title): \(note.text)") }
        case .failed(let reason): say("The notes could not be read: \(reason).")
        }
    }

    private func names(_ report: EndReport) -> String {
        report.ended.map(\.typeName).joined(separator: ", ")
    }

    /// Prompts, then reads a line; shows the line when echoing, and the end of the input.
    private func ask(_ prompt: String) async -> String? {
        output(prompt + " ")
        guard let line = await input() else {
            isDone = true
            say("\nEnd of input.")
            return nil
        }
        if echo { say(line) }
        return line
    }

    private func say(_ text: String) { output(text + "\n") }
}
