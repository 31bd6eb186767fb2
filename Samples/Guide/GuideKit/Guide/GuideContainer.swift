import GuideContactFeature
public import GuideCore
public import Strata

/// The onboarding guide's feature tier, under the app.
///
/// It lives from launch or sign-out until a user signs in. It describes each of its forms
/// as a ``Destination``: the screen that shows the guide makes the form's interaction
/// container under the guide when it opens, and ends it when it closes.
///
/// ```swift
/// let guide = app.makeGuideContainer()
/// let form = guide.signInForm.makeContainer(under: guide, onClose: { viewModel.returnToWelcome() })
/// // … the form closes:
/// form.end()
/// ```
public final class GuideContainer: Container {
    /// The guide's feature scope, under the app.
    public let scope: FeatureScope<AppContainer>

    /// Makes the guide's container.
    ///
    /// - Parameter parent: The app container.
    public init(parent: AppContainer) { self.scope = FeatureScope(parent: parent) }

    /// The guide's view model.
    ///
    /// Onboarding ends by telling the app's main view model.
    public var guideViewModel: MainActorProvider<GuideViewModel> {
        shared {
            let main = self.mainViewModel()
            return GuideViewModel(
                notificationPreferences: self.notificationPreferences(),
                onSignedIn: { main.signedIn($0) })
        }
    }

    /// The sign-in form, to open under the guide: `signIn`.
    ///
    /// A signed-in user goes on to the guide's next step; the form's `onClose` is called
    /// when the user leaves it.
    public var signInForm: Destination {
        Destination("signIn") { _, onClose in SignInFormContainer(parent: self, onClose: onClose) }
    }

    /// The sign-up form, to open under the guide: `signUp`.
    ///
    /// A new user goes on to the guide's next step; the form's `onClose` is called when the
    /// user leaves it.
    public var signUpForm: Destination {
        Destination("signUp") { _, onClose in SignUpFormContainer(parent: self, onClose: onClose) }
    }

    /// The contact form, to open under the guide: the contact feature's own destination,
    /// `contactSupport`, about nothing in particular and kept in the app's outbox.
    ///
    /// Nobody is signed in, so the form asks for an address to answer.
    public var contactUsForm: Destination {
        ContactUsFormContainer.destination(about: nil, outbox: parent.outbox())
    }

    /// The password-reset form, to open under the guide: `resetPassword`.
    public var resetPasswordForm: Destination {
        Destination("resetPassword") { _, onClose in
            ResetPasswordFormContainer(parent: self, onClose: onClose)
        }
    }
}
