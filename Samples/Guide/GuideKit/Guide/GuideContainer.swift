public import GuideContactFeature
public import Strata

/// The onboarding guide's feature tier, under the app.
///
/// It lives from launch or sign-out until a user signs in. Each of its forms gets an
/// interaction container of its own.
///
/// ```swift
/// let guide = app.makeGuideContainer()
/// let form = guide.makeSignInFormContainer()
/// let signIn = form.signInViewModel()
/// // … the form closes:
/// form.end()
/// ```
public final class GuideContainer: Container {
    /// The guide's feature scope, under the app.
    public let scope: FeatureScope
    let parent: AppContainer

    /// Makes the guide's container.
    ///
    /// - Parameter parent: The app container.
    public init(parent: AppContainer) {
        self.parent = parent
        self.scope = FeatureScope(parent: parent)
    }

    /// The guide's view model.
    ///
    /// Onboarding ends by telling the app's main view model.
    public var guideViewModel: MainActorProvider<GuideViewModel> {
        shared {
            let main = self.parent.mainViewModel()
            return GuideViewModel(
                notificationPreferences: self.parent.notificationPreferences(),
                onSignedIn: { main.signedIn($0) })
        }
    }

    /// Makes the container of one sign-in form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeSignInFormContainer() -> SignInFormContainer {
        SignInFormContainer(parent: self)
    }

    /// Makes the container of one sign-up form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeSignUpFormContainer() -> SignUpFormContainer {
        SignUpFormContainer(parent: self)
    }

    /// Makes the container of one contact form: the contact feature's form, under the guide.
    ///
    /// A sent or closed form goes back to the guide's welcome.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeContactUsFormContainer() -> ContactUsFormContainer {
        ContactUsFormContainer(
            parent: self, outbox: parent.backReference(to: \.outbox),
            onClose: { self.guideViewModel().returnToWelcome() })
    }

    /// Makes the container of one password-reset form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeResetPasswordFormContainer() -> ResetPasswordFormContainer {
        ResetPasswordFormContainer(parent: self)
    }
}
