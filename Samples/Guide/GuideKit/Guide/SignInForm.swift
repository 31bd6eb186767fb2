public import GuideCore
public import Observation
public import Strata

/// The interaction tier of one sign-in form, under the guide.
public final class SignInFormContainer: Container {
    /// The form's interaction scope, under the guide.
    public let scope: InteractionScope<GuideContainer>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container: what the guide's ``GuideContainer/signInForm`` destination
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
    /// A signed-in user goes to the guide's next step; a form the user leaves calls the
    /// `onClose` the container was made with.
    public var signInViewModel: MainActorProvider<SignInViewModel> {
        shared {
            let guide = self.guideViewModel()
            return SignInViewModel(
                authentication: self.authentication(),
                onSignedIn: { guide.authenticated($0) }, onClose: self.onClose)
        }
    }
}

/// The sign-in form: an email address, then a password, checked by the authentication API.
///
/// When they do not match an account, the form asks again from the email address.
@MainActor @Observable
public final class SignInViewModel: FormViewModel {
    /// The sign-in form's fields.
    public enum Field: String, FormField {
        /// The account's email address.
        case email
        /// The account's password.
        case password

        /// `email`, `password`.
        public var label: String { rawValue }
        /// The password is.
        public var isSecret: Bool { self == .password }
    }

    /// Where the form is.
    public var status = FormStatus<Field>.asking(.email, problem: nil)

    private let authentication: any AuthenticationAPI
    private let onSignedIn: @MainActor (UserSession) -> Void
    private let onClose: @MainActor () -> Void
    private var email = ""

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - authentication: The API that checks the email address and password.
    ///   - onSignedIn: Called with the new session once the API accepts them.
    ///   - onClose: Called when the user leaves the form.
    public init(
        authentication: any AuthenticationAPI,
        onSignedIn: @escaping @MainActor (UserSession) -> Void,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.authentication = authentication
        self.onSignedIn = onSignedIn
        self.onClose = onClose
    }

    /// Takes the email address or the password; the password submits the form.
    ///
    /// - Parameter text: What the user typed.
    public func enter(_ text: String) async {
        switch fieldAsked {
        case .email:
            guard let email = accept(text, for: .email, Validation.email) else { return }
            self.email = email
            ask(.password)
        case .password:
            guard let password = accept(text, for: .password, Validation.password) else { return }
            await signIn(password: password)
        case nil:
            return
        }
    }

    /// Leaves the form.
    public func cancel() {
        status = .cancelled
        onClose()
    }

    private func signIn(password: String) async {
        status = .submitting
        do throws(AuthenticationError) {
            let session = try await authentication.signIn(email: email, password: password)
            status = .submitted
            onSignedIn(session)
        } catch {
            ask(.email, FormProblem(error))
        }
    }
}
