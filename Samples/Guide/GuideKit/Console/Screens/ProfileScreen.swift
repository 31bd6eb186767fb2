import GuideCore
import GuideProfileFeature
import Strata

/// Shows the profile: the user's details and menu, and below them whatever the profile's
/// status opens — its edit-name form, or the contact form that "contact support" got
/// through a route — each made from its ``Destination`` by the host, the same way.
@MainActor
final class ProfileScreen<Parent: ProfileParent>: HostScreen {
    let location: String
    private let container: ProfileContainer<Parent>
    private let context: ScreenContext
    private let viewModel: ProfileViewModel
    let host: ScreenHost

    init(container: ProfileContainer<Parent>, location: String, context: ScreenContext) {
        self.location = location
        self.container = container
        self.context = context
        host = ScreenHost(context: context)
        viewModel = container.profileViewModel()
        follow(viewModel, in: container) {
            $0.status
        } onChange: { screen, status in
            screen.show(status)
        }
        follow(viewModel, in: container) {
            $0.supportProblem
        } onChange: { screen, problem in
            if let problem { screen.context.say(problem) }
        }
    }

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
            .init(title: "contact support") { [viewModel, container] in
                viewModel.contactSupport(from: container)
            },
        ])
    }

    private func show(_ status: ProfileViewStatus) {
        switch status {
        case .viewing:
            host.close()
        case .showing(let destination):
            // The child keeps its onClose, and with it the profile's view model, until it closes.
            host.open(
                destination, under: container, location: "\(location)/\(destination.name)",
                onClose: { [viewModel] in viewModel.finish() })
        }
    }
}

extension ProfileContainer: ShownInConsole {
    func screen(at location: String, context: ScreenContext) -> any Screen {
        ProfileScreen(container: self, location: location, context: context)
    }
}

extension EditNameFormContainer: ShownInConsole {
    /// The form, worded with the name it replaces.
    func screen(at location: String, context: ScreenContext) -> any Screen {
        let form = editNameViewModel()
        let name = form.currentName
        return FormScreen(
            location: location,
            wording: FormWording(
                title: "Edit your name. It is \(name) now.", submitted: "Name saved.",
                cancelled: "Your name stays \(name)."),
            viewModel: form, container: self, context: context)
    }
}
