import GuideCore
import GuideProfileFeature
import Strata

/// Shows the profile: the user's details and menu, the edit-name form in an interaction
/// container of its own, and the contact form that "contact support" gets through a route.
@MainActor
final class ProfileScreen: HostScreen {
    private let container: ProfileContainer
    private let context: ScreenContext
    private let viewModel: ProfileViewModel
    let host: ScreenHost

    init(container: ProfileContainer, context: ScreenContext) {
        self.container = container
        self.context = context
        host = ScreenHost(context: context)
        viewModel = container.profileViewModel()
        let viewModel = viewModel
        container.trackOnMainActor {
            viewModel.status
        } onChange: { [weak self] status in
            self?.show(status)
        }
        container.trackOnMainActor {
            viewModel.supportProblem
        } onChange: { [weak self] problem in
            if let problem { self?.context.say(problem) }
        }
    }

    var location: String { "home/profile" }
    var question: Question { Menu.question }

    func introduction() -> [String] {
        let user = viewModel.user.value
        let notifications = viewModel.notificationChoice?.rawValue ?? "not asked yet"
        return [
            "Your profile:",
            "  name           \(user.name)",
            "  email          \(user.email)",
            "  notifications  \(notifications)",
        ] + menu.lines
    }

    func answer(_ text: String) async { menu.choose(text, context: context) }

    func goBack() { viewModel.close() }

    private var menu: Menu {
        Menu([
            .init(title: "edit name", action: viewModel.editName),
            .init(title: "back home", action: viewModel.close),
            .init(title: "contact support", action: viewModel.contactSupport),
        ])
    }

    private func show(_ status: ProfileViewStatus) {
        let user = viewModel.user.value
        host.close()
        switch status {
        case .viewing:
            break
        case .editingName:
            let form = container.makeEditNameFormContainer()
            host.open(
                FormScreen(
                    location: "home/profile/editName",
                    wording: FormWording(
                        title: "Edit your name. It is \(user.name) now.",
                        submitted: "Name saved.", cancelled: "Your name stays \(user.name)."),
                    viewModel: form.editNameViewModel(), container: form, context: context),
                in: form)
        case .contactingSupport:
            guard let form = viewModel.supportForm else { return }
            openSupport(form)
        }
    }

    /// The contact form the profile got through ``ContactSupport``: the console shows it
    /// without knowing its type, and ends its container when it closes.
    ///
    /// The title names the address the form answers at, asked from the form's container
    /// through ``CurrentProfile`` as the form itself asks it.
    private func openSupport(_ form: some FormContainer) {
        let directory = context.dataDirectory.path
        let answer =
            (try? form.perform(CurrentProfile())).map { "We answer at \($0.email)." }
            ?? "We answer by mail."
        host.open(
            FormScreen(
                location: "home/profile/contactSupport",
                wording: FormWording(
                    title: "Contact support about your account. \(answer)",
                    submitted: "Thank you. Your message is in the outbox, in \(directory).",
                    cancelled: "Message discarded."),
                viewModel: form.form, container: form, context: context),
            in: form)
    }
}
