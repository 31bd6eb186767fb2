public import GuideCore
public import Observation
public import Strata

/// The interaction tier of one sign-up form, under the guide.
public final class SignUpFormContainer: Container {
    /// The form's interaction scope, under the guide.
    public let scope: InteractionScope<GuideContainer>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container: what the guide's ``GuideContainer/signUpForm`` destination
    /// opens.
    ///
    /// - Parameters:
    ///   - parent: The guide's container.
    ///   - onClose: Called on the main actor when the user leaves the form.
    public init(parent: GuideContainer, onClose: @escaping @MainActor @Sendable () -> Void) {
        self.onClose = onClose
        self.scope = InteractionScope(parent: parent)
    }

    /// The form's view model.
    ///
    /// A new user goes to the guide's next step; a form the user leaves calls the `onClose`
    /// the container was made with.
    public var signUpViewModel: MainActorProvider<SignUpViewModel> {
        shared {
            let guide = self.guideViewModel()
            return SignUpViewModel(
                authentication: self.authentication(),
                onSignedUp: { guide.authenticated($0) }, onClose: self.onClose)
        }
    }
}

/// The sign-up form: a name, an email address and a password, each validated, then an
/// account made by the authentication API.
@MainActor @Observable
public final class SignUpViewModel: FormViewModel {
    /// The sign-up form's fields.
    public enum Field: String, FormField {
        /// The name the user goes by.
        case name
        /// The email address to sign in with.
        case email
        /// The new password.
        case password

        /// `name`, `email`, `password`.
        public var label: String { rawValue }
        /// The password is.
        public var isSecret: Bool { self == .password }
    }

    /// Where the form is.
    public var status = FormStatus<Field>.asking(.name, problem: nil)

    private let authentication: any AuthenticationAPI
    private let onSignedUp: @MainActor (UserSession) -> Void
    private let onClose: @MainActor () -> Void
    private var name = ""
    private var email = ""

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - authentication: The API that makes the account.
    ///   - onSignedUp: Called with the new account's session.
    ///   - onClose: Called when the user leaves the form.
    public init(
        authentication: any AuthenticationAPI,
        onSignedUp: @escaping @MainActor (UserSession) -> Void,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.authentication = authentication
        self.onSignedUp = onSignedUp
        self.onClose = onClose
    }

    /// Takes the name, the email address or the password; the password submits the form.
    ///
    /// - Parameter text: What the user typed.
    public func enter(_ text: String) async {
        switch fieldAsked {
        case .name:
            guard let name = accept(text, for: .name, Validation.name) else { return }
            self.name = name
            ask(.email)
        case .email:
            guard let email = accept(text, for: .email, Validation.email) else { return }
            self.email = email
            ask(.password)
        case .password:
            guard let password = accept(text, for: .password, Validation.newPassword) else {
                return
            }
            await signUp(NewAccount(name: name, email: email, password: password))
        case nil:
            return
        }
    }

    /// Leaves the form.
    public func cancel() {
        status = .cancelled
        onClose()
    }

    private func signUp(_ account: NewAccount) async {
        status = .submitting
        do throws(AuthenticationError) {
            let session = try await authentication.signUp(account)
            status = .submitted
            onSignedUp(session)
        } catch {
            ask(.email, FormProblem(error))
        }
    }
}
