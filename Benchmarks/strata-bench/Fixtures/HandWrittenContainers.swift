import Synchronization

/// The app container a careful engineer writes without a library: a stored `let` for what
/// exists from the start, a lazy singleton guarded by a `Mutex` for what is made on first
/// use by any thread, and factory methods for transients.
final class HandAppContainer: Sendable {
    /// (a) A stored `let`: made with the container, read without synchronisation.
    let settings = AppSettings()

    /// (c) A thread-safe lazy singleton.
    private let apiClientStorage = Mutex<APIClient?>(nil)

    /// The API client, made exactly once on first use, whichever thread asks first.
    var apiClient: APIClient {
        apiClientStorage.withLock { client in
            if let client { return client }
            let made = APIClient()
            client = made
            return made
        }
    }

    private let profileStorage = Mutex<Profile?>(nil)

    /// The profile, made once from the API client, whichever thread asks first.
    var profile: Profile {
        profileStorage.withLock { profile in
            if let profile { return profile }
            let made = Profile(api: apiClient)
            profile = made
            return made
        }
    }

    func makeInputValidator() -> InputValidator { InputValidator() }
    func makeTextFormatter() -> TextFormatter { TextFormatter() }
    func makeAutosaver() -> Autosaver { Autosaver() }

    /// A transient with three transient dependencies, built by hand.
    func makeFormViewModel() -> FormViewModel {
        FormViewModel(
            validator: makeInputValidator(), formatter: makeTextFormatter(),
            autosaver: makeAutosaver())
    }

    func makeFormContainer() -> HandFormContainer { HandFormContainer(parent: self) }
}

/// A hand-written interaction container: it takes its parent in `init` and makes its one
/// instance in a `lazy var` — one form is used from one thread, so it needs no lock.
final class HandFormContainer {
    let parent: HandAppContainer

    /// (b) A `lazy var`: made on first read.
    lazy var draft = FormDraft()

    /// A `lazy var` that reads the parent.
    lazy var summary = FormSummary(api: parent.apiClient)

    init(parent: HandAppContainer) { self.parent = parent }
}
