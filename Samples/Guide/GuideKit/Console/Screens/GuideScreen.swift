import GuideContactFeature
import GuideCore
import Strata

/// Shows the onboarding guide: its welcome menu, the notification question, and each form
/// in an interaction container of its own, made when the form opens and ended when it
/// closes.
@MainActor
final class GuideScreen: HostScreen {
    private let container: GuideContainer
    private let context: ScreenContext
    private let viewModel: GuideViewModel
    private var status: GuideViewStatus
    let host: ScreenHost

    init(container: GuideContainer, context: ScreenContext) {
        self.container = container
        self.context = context
        host = ScreenHost(context: context)
        viewModel = container.guideViewModel()
        status = viewModel.status
        follow(viewModel, in: container) {
            $0.status
        } onChange: { screen, status in
            screen.show(status)
        }
    }

    var location: String { "guide/\(status.rawValue)" }
    var question: Question { Menu.question }

    func introduction() -> [String] {
        switch status {
        case .requestNotification:
            ["May we send you notifications about your account? We remember your answer."]
                + menu.lines
        default:
            ["Welcome to the Strata guide. What would you like to do?"] + menu.lines
        }
    }

    func answer(_ text: String) async { menu.choose(text, context: context) }

    func goBack() {
        switch status {
        case .requestNotification:
            context.say("You left before answering, so you are not signed in.")
            viewModel.returnToWelcome()
        default:
            context.say("This is the start of the guide. Type :quit to leave.")
        }
    }

    private var menu: Menu {
        let viewModel = viewModel
        if status == .requestNotification {
            return Menu([
                .init(title: "allow") { [self] in answer(viewModel.allowNotifications) },
                .init(title: "deny") { [self] in answer(viewModel.denyNotifications) },
            ])
        }
        return Menu([
            .init(title: "sign in", action: viewModel.showSignIn),
            .init(title: "sign up", action: viewModel.showSignUp),
            .init(title: "contact us", action: viewModel.showContactUs),
            .init(title: "reset password", action: viewModel.showResetPassword),
        ])
    }

    /// Gives the notification answer, and says at once when it could not be stored: before
    /// the home replaces the guide.
    private func answer(_ give: () -> Void) {
        give()
        guard let problem = viewModel.answerProblem else { return }
        context.say(
            "Your answer could not be saved: \(problem) You are signed in; we will ask again "
                + "at your next sign-in.")
    }

    private func show(_ status: GuideViewStatus) {
        self.status = status
        host.close()
        switch status {
        case .welcome, .requestNotification:
            break
        case .signIn:
            let form = container.makeSignInFormContainer()
            openForm(
                form.signInViewModel(), in: form,
                FormWording(
                    title: "Sign in. The demo account is \(LocalAuthenticationAPI.demoEmail), "
                        + "password \(LocalAuthenticationAPI.demoPassword).",
                    submitted: "Signed in.", cancelled: "Sign-in cancelled."))
        case .signUp:
            let form = container.makeSignUpFormContainer()
            openForm(
                form.signUpViewModel(), in: form,
                FormWording(
                    title: "Sign up. You need a name, an email address, and a password of "
                        + "\(Validation.passwordMinimum) or more characters with a letter "
                        + "and a digit.",
                    submitted: "Your account is ready.", cancelled: "Sign-up cancelled."))
        case .contactUs:
            let form = container.makeContactUsFormContainer()
            let directory = context.dataDirectory.path
            openForm(
                form.contactUsViewModel(), in: form,
                FormWording(
                    title: "Contact us. Leave an address and a message; we will answer by mail.",
                    submitted: "Thank you. Your message is in the outbox, in \(directory).",
                    cancelled: "Message discarded."))
        case .resetPassword:
            let form = container.makeResetPasswordFormContainer()
            openForm(
                form.resetPasswordViewModel(), in: form,
                FormWording(
                    title: "Reset password. We will mail a link to the account's address.",
                    submitted: "If an account has that address, a reset link is on its way.",
                    cancelled: "Password reset cancelled."))
        }
    }

    private func openForm<ViewModel: FormViewModel>(
        _ viewModel: ViewModel, in form: some Container, _ wording: FormWording
    ) {
        host.open(
            FormScreen(
                location: location, wording: wording, viewModel: viewModel, container: form,
                context: context),
            in: form)
    }
}
