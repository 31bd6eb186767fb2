import GuideCore
import GuideProfileFeature
import Strata

/// Shows the profile: the user's details and menu, and the edit-name form in an interaction
/// container of its own.
@MainActor
final class ProfileScreen: Screen {
    private let container: ProfileContainer
    private let context: ScreenContext
    private let viewModel: ProfileViewModel
    private var user: UserSession
    private var open: OpenScreen?
    private var watches: [Subscription] = []

    init(container: ProfileContainer, context: ScreenContext) {
        self.container = container
        self.context = context
        viewModel = container.profileViewModel()
        user = viewModel.user.value
        watches = [
            viewModel.status.watch(in: container) { [weak self] status in self?.show(status) },
            viewModel.user.watch(in: container) { [weak self] user in self?.user = user },
        ]
    }

    var location: String { "home/profile" }
    var question: Question { Menu.question }
    var child: (any Screen)? { open?.screen }
    func close() { context.close(&open) }

    func introduction() -> [String] {
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
        ])
    }

    private func show(_ status: ProfileViewStatus) {
        context.close(&open)
        switch status {
        case .viewing:
            break
        case .editingName:
            let form = container.makeEditNameFormContainer()
            open = OpenScreen(
                screen: FormScreen(
                    location: "home/profile/editName",
                    wording: FormWording(
                        title: "Edit your name. It is \(user.name) now.",
                        submitted: "Name saved.", cancelled: "Your name stays \(user.name)."),
                    viewModel: form.editNameViewModel(), container: form, context: context),
                container: form)
        }
    }
}
