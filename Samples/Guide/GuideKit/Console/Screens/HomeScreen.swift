import GuideCore
import Strata

/// Shows the signed-in home: who is signed in, its menu, and the profile in a feature
/// container of its own.
@MainActor
final class HomeScreen: HostScreen {
    private let container: SignedInContainer
    private let context: ScreenContext
    private let viewModel: HomeViewModel
    let host: ScreenHost

    init(container: SignedInContainer, context: ScreenContext) {
        self.container = container
        self.context = context
        host = ScreenHost(context: context)
        viewModel = container.homeViewModel()
        let viewModel = viewModel
        container.trackOnMainActor {
            viewModel.status
        } onChange: { [weak self] status in
            self?.show(status)
        }
    }

    var location: String { "home" }
    var question: Question { Menu.question }

    func introduction() -> [String] {
        let user = viewModel.user.value
        return ["Home. You are signed in as \(user.name) <\(user.email)>."] + menu.lines
    }

    func answer(_ text: String) async { menu.choose(text, context: context) }

    func goBack() {
        context.say("This is your home. Choose 'sign out' to leave it, or type :quit.")
    }

    private var menu: Menu {
        Menu([
            .init(title: "profile", action: viewModel.showProfile),
            .init(title: "sign out", action: viewModel.signOut),
        ])
    }

    private func show(_ status: HomeViewStatus) {
        host.close()
        switch status {
        case .home:
            break
        case .profile:
            let profile = container.makeProfileContainer()
            host.open(ProfileScreen(container: profile, context: context), in: profile)
        }
    }
}
