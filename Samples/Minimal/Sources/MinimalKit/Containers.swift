public import Strata

// The four tiers, each a container that names its parent's type and holds it through its
// scope. A child reads its ancestors' providers by name: `self.notes()` in the feature is the
// app's, `self.user` the session's. A parent cannot reach its children's.

/// The app tier, from launch to exit: the note store.
public final class AppContainer: Container {
    /// The root's scope.
    public let scope = AppScope()

    /// Makes the app; the process makes one and ends it on exit.
    public init() {}

    /// Every user's notes, in memory: made at first use, kept until the app ends.
    public var notes: Provider<any NoteRepository> { shared { InMemoryNoteRepository() } }

    /// Signs `user` in: a session under the app, until sign-out ends it.
    public func makeSession(for user: String) -> SessionContainer {
        SessionContainer(parent: self, user: user)
    }
}

/// The session tier, from sign-in to sign-out: one user, and the features they open.
public final class SessionContainer: Container {
    /// The session's scope, under the app.
    public let scope: SessionScope<AppContainer>
    /// Who signed in.
    public let user: String

    /// Makes the session of `user` under `parent`.
    public init(parent: AppContainer, user: String) {
        self.user = user
        scope = SessionScope(parent: parent)
    }

    /// Opens the notes: a feature under the session, which sign-out ends at the latest.
    public func makeNotes() -> NotesContainer { NotesContainer(parent: self) }
}

/// The feature tier, one flow: the signed-in user's notes.
public final class NotesContainer: Container {
    /// The feature's scope, under the session.
    public let scope: FeatureScope<SessionContainer>

    /// Makes the notes feature under `parent`.
    public init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }

    /// The list's view model: the session's user, the app's store.
    public var viewModel: MainActorProvider<NotesViewModel> {
        shared { NotesViewModel(user: self.user, store: self.notes()) }
    }

    /// Opens a form for a new note: an interaction under the notes.
    public func makeNoteForm() -> NoteFormContainer { NoteFormContainer(parent: self) }
}

/// The interaction tier, one form: a new note, from opening the form to closing it.
public final class NoteFormContainer: Container {
    /// The form's scope, under the notes.
    public let scope: InteractionScope<NotesContainer>

    /// Makes the form's container under `parent`.
    public init(parent: NotesContainer) { scope = InteractionScope(parent: parent) }

    /// The form, which saves through the feature's view model.
    public var form: MainActorProvider<NoteForm> { shared { NoteForm(list: self.viewModel()) } }
}
