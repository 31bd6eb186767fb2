public import GuideCore
public import Observation
public import Strata

/// The interaction tier of one edit-name form, under the profile.
///
/// The profile describes it as its ``ProfileContainer/editName`` destination; the screen
/// that shows the profile makes it and ends it when the form closes.
public final class EditNameFormContainer: Container {
    /// The form's interaction scope, under the container that opened it: the profile.
    public let scope: InteractionScope<any Container>
    // Providers, not what they resolve: a container kept after its end keeps no instance.
    private let user: Provider<Observed<UserSession>>
    private let sessionRepository: Provider<any UserSessionRepository>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container.
    ///
    /// - Parameters:
    ///   - parent: The container the form opens under: the profile's.
    ///   - user: The signed-in user, whose name changes.
    ///   - sessionRepository: Where the session is stored between launches.
    ///   - onClose: Called on the main actor when the form closes, saved or not.
    public init(
        parent: some Container, user: Provider<Observed<UserSession>>,
        sessionRepository: Provider<any UserSessionRepository>,
        onClose: @escaping @MainActor @Sendable () -> Void
    ) {
        self.user = user
        self.sessionRepository = sessionRepository
        self.onClose = onClose
        self.scope = InteractionScope(parent: parent)
    }

    /// The form's view model.
    public var editNameViewModel: MainActorProvider<EditNameViewModel> {
        shared {
            EditNameViewModel(
                user: self.user(), sessionRepository: self.sessionRepository(),
                onClose: self.onClose)
        }
    }
}

/// The edit-name form: a new name, stored with the session so that it outlives a restart.
@MainActor @Observable
public final class EditNameViewModel: FormViewModel {
    /// The edit-name form's field.
    public enum Field: String, FormField {
        /// The new name.
        case name

        /// `name`.
        public var label: String { "new name" }
    }

    /// Where the form is.
    public var status = FormStatus<Field>.asking(.name, problem: nil)

    private let user: Observed<UserSession>
    private let sessionRepository: any UserSessionRepository
    private let onClose: @MainActor () -> Void

    /// The user's name as it is now: before the form is saved, the name it replaces.
    public var currentName: String { user.value.name }

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - user: The signed-in user, whose name changes.
    ///   - sessionRepository: Where the session is stored between launches.
    ///   - onClose: Called when the form closes, saved or not.
    public init(
        user: Observed<UserSession>, sessionRepository: any UserSessionRepository,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.user = user
        self.sessionRepository = sessionRepository
        self.onClose = onClose
    }

    /// Takes the new name, stores it and closes the form.
    ///
    /// - Parameter text: What the user typed.
    public func enter(_ text: String) async {
        guard fieldAsked == .name, let name = accept(text, for: .name, Validation.name) else {
            return
        }
        guard name != user.value.name else { return ask(.name, .sameName) }
        var renamed = user.value
        renamed.name = name
        status = .submitting
        do throws(StorageError) {
            try sessionRepository.save(renamed)
        } catch {
            return ask(.name, .notSaved(error.description))
        }
        user.value = renamed
        status = .submitted
        onClose()
    }

    /// Leaves the form; the name stays as it was.
    public func cancel() {
        status = .cancelled
        onClose()
    }
}
