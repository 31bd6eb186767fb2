import GuideCore
import Strata

/// The console's root: follows the ``MainViewModel`` and shows the guide or the signed-in
/// home below it, each in a container of its own tier.
@MainActor
final class MainScreen: HostScreen {
    private let app: AppContainer
    private let context: ScreenContext
    private let viewModel: MainViewModel
    let host: ScreenHost

    init(app: AppContainer, context: ScreenContext) {
        self.app = app
        self.context = context
        host = ScreenHost(context: context)
        viewModel = app.mainViewModel()
        follow(viewModel, in: app) {
            $0.status
        } onChange: { screen, status in
            screen.show(status)
        }
        follow(viewModel, in: app) {
            $0.sessionProblem
        } onChange: { screen, problem in
            if let problem { screen.context.say("Stored session: \(problem)") }
        }
    }

    /// Reads the stored session, which shows the guide or the home.
    func launch() { viewModel.launch() }

    var location: String { "launching" }
    var question: Question { Question(label: "…") }
    func introduction() -> [String] { [] }
    func answer(_ text: String) async {}
    func goBack() {}

    private func show(_ status: MainViewStatus) {
        // Sign-out closes the home here; the console says so once the session has ended.
        let child: Destination
        switch status {
        case .launching: return host.close()
        case .guiding: child = app.guide
        case .signedIn(let session): child = app.home(for: session)
        }
        // The guide and the home never close themselves: this status moves on.
        host.open(child, under: app, location: child.name, onClose: {})
    }
}
