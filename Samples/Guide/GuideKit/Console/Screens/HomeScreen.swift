import GuideCore
import Strata

/// Shows the signed-in home: who is signed in, and a menu gathered from the features.
///
/// The features plugged into the session contribute the entries (``HomeMenu``); the home
/// adds "sign out". What an entry opens, the host makes under the session and ends when it
/// closes.
///
/// It names no feature: a new feature's entry shows up here without a change.
@MainActor
final class HomeScreen: HostScreen {
    let location: String
    private let container: SignedInContainer
    private let context: ScreenContext
    private let viewModel: HomeViewModel
    let host: ScreenHost

    init(container: SignedInContainer, location: String, context: ScreenContext) {
        self.location = location
        self.container = container
        self.context = context
        host = ScreenHost(context: context)
        viewModel = container.homeViewModel()
        follow(viewModel, in: container) {
            $0.status
        } onChange: { screen, status in
            screen.show(status)
        }
    }

    var question: Question { Menu.question }

    func introduction() -> [String] {
        let user = viewModel.user.value
        return ["Home. You are signed in as \(user.name) <\(user.email)>."] + menu.lines
    }

    func answer(_ text: String) async { menu.choose(text, context: context) }

    func goBack() {
        context.say("This is your home. Choose 'sign out' to leave it, or type :quit.")
    }

    /// The features' entries, as contributed, then the home's own "sign out".
    private var menu: Menu {
        let viewModel = viewModel
        // The entries' factories only describe; one that fails is a bug in the wiring.
        let entries = try! container.gather(HomeMenu.self).map { entry in
            Menu.Item(title: entry.title) { viewModel.open(entry.destination) }
        }
        return Menu(entries + [.init(title: "sign out", action: viewModel.signOut)])
    }

    private func show(_ status: HomeViewStatus) {
        switch status {
        case .home:
            host.close()
        case .showing(let destination):
            // The child keeps its onClose, and with it the home's view model, until it closes.
            host.open(
                destination, under: container, location: "\(location)/\(destination.name)",
                onClose: { [viewModel] in viewModel.returnHome() })
        }
    }
}

extension SignedInContainer: ShownInConsole {
    func screen(at location: String, context: ScreenContext) -> any Screen {
        HomeScreen(container: self, location: location, context: context)
    }

    /// The session's end flushes its outbox: the console awaits it, at sign-out and at exit.
    var endOnClose: EndOnClose { .awaitingItsWork }
}
