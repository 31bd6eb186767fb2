public import GuideCore
public import Observation
public import Strata

/// The interaction tier of one password-reset form, under the guide.
public final class ResetPasswordFormContainer: Container {
    /// The form's interaction scope, under the guide.
    public let scope: InteractionScope<GuideContainer>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container: what the guide's ``GuideContainer/resetPasswordForm`` destination
    /// opens.
    ///
    /// - Parameters:
    ///   - parent: The guide's container.
    ///   - onClose: Called on the main actor when the form closes, sent or not.
    public init(parent: GuideContainer, onClose: @escaping @MainActor @Sendable () -> Void) {
        self.onClose = onClose
        self.scope = InteractionScope(parent: parent)
    }

    /// The form's view model.
    ///
    /// A sent or left form calls the `onClose` the container was made with.
    public var resetPasswordViewModel: MainActorProvider<ResetPasswordViewModel> {
        shared {
            ResetPasswordViewModel(
                authentication: self.authentication(), onClose: self.onClose)
        }
    }
}

/// The password-reset form: an email address, to which the authentication API sends a
/// reset link if an account has it.
///
/// The form ends the same way whether or not an account has the address, so it never tells
/// who has an account.
@MainActor @Observable
public final class ResetPasswordViewModel: FormViewModel {
    /// The password-reset form's field.
    public enum Field: String, FormField {
        /// The account's email address.
        case email

        /// `email`.
        public var label: String { rawValue }
    }

    /// Where the form is.
    public var status = FormStatus<Field>.asking(.email, problem: nil)

    private let authentication: any AuthenticationAPI
    private let onClose: @MainActor () -> Void

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - authentication: The API that sends the reset mail.
    ///   - onClose: Called when the form closes, sent or not.
    public init(
        authentication: any AuthenticationAPI, onClose: @escaping @MainActor () -> Void
    ) {
        self.authentication = authentication
        self.onClose = onClose
    }

    /// Takes the email address and submits the form.
    ///
    /// - Parameter text: What the user typed.
    public func enter(_ text: String) async {
        guard fieldAsked == .email,
            let email = accept(text, for: .email, Validation.email)
        else { return }
        status = .submitting
        await authentication.requestPasswordReset(email: email)
        status = .submitted
        onClose()
    }

    /// Leaves the form without asking for a reset.
    public func cancel() {
        status = .cancelled
        onClose()
    }
}
