import GuideCore
import Strata

// The guide's own forms, as the console shows them once the guide opens their
// ``Destination``: each with its wording. The contact form is the contact feature's, shown
// as ContactSupportScreen.swift says.

extension SignInFormContainer: ShownInConsole {
    /// The form, worded with the demo account.
    func screen(at location: String, context: ScreenContext) -> any Screen {
        FormScreen(
            location: location,
            wording: FormWording(
                title: "Sign in. The demo account is \(LocalAuthenticationAPI.demoEmail), "
                    + "password \(LocalAuthenticationAPI.demoPassword).",
                submitted: "Signed in.", cancelled: "Sign-in cancelled."),
            viewModel: signInViewModel(), container: self, context: context)
    }
}

extension SignUpFormContainer: ShownInConsole {
    /// The form, worded with what a new account needs.
    func screen(at location: String, context: ScreenContext) -> any Screen {
        FormScreen(
            location: location,
            wording: FormWording(
                title: "Sign up. You need a name, an email address, and a password of "
                    + "\(Validation.passwordMinimum) or more characters with a letter and a "
                    + "digit.",
                submitted: "Your account is ready.", cancelled: "Sign-up cancelled."),
            viewModel: signUpViewModel(), container: self, context: context)
    }
}

extension ResetPasswordFormContainer: ShownInConsole {
    /// The form, worded so that it never tells whether an account has the address.
    func screen(at location: String, context: ScreenContext) -> any Screen {
        FormScreen(
            location: location,
            wording: FormWording(
                title: "Reset password. We will mail a link to the account's address.",
                submitted: "If an account has that address, a reset link is on its way.",
                cancelled: "Password reset cancelled."),
            viewModel: resetPasswordViewModel(), container: self, context: context)
    }
}
