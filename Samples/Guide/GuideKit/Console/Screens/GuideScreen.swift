import GuideCore
import Strata

/// Shows the onboarding guide: its welcome menu, the notification question, and each form
/// the guide describes as a ``Destination``, opened in an interaction container of its own
/// made when the form opens and ended when it closes.
@MainActor
final class GuideScreen: HostScreen {
    private let container: GuideContainer
    private let context: ScreenContext
    private let viewModel: GuideViewModel
    /// The guide's own place, `guide`, before the step it is at.
    private let place: String
    private var status: GuideViewStatus
    let host: ScreenHost

    init(container: GuideContainer, location: String, context: ScreenContext) {
        self.container = container
        place = location
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

    var location: String { "\(place)/\(status.rawValue)" }
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

    /// Opens the form `status` names, made from its ``Destination`` as every child is, or
    /// closes the one open when `status` names none.
    private func show(_ status: GuideViewStatus) {
        self.status = status
        let form: Destination
        switch status {
        case .welcome, .requestNotification: return host.close()
        case .signIn: form = container.signInForm
        case .signUp: form = container.signUpForm
        case .contactUs: form = container.contactUsForm
        case .resetPassword: form = container.resetPasswordForm
        }
        // The guide's place already names the form: `guide/signIn`. The child keeps its
        // onClose, and with it the guide's view model, until this host closes the child.
        host.open(
            form, under: container, location: location,
            onClose: { [viewModel] in viewModel.returnToWelcome() })
    }
}

extension GuideContainer: ShownInConsole {
    func screen(at location: String, context: ScreenContext) -> any Screen {
        GuideScreen(container: self, location: location, context: context)
    }
}
