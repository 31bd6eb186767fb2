import Strata

/// The console's root: follows the ``MainViewModel`` and shows the guide or the signed-in
/// home below it, each in a container of its own tier.
@MainActor
final class MainScreen: HostScreen {
    private let app: AppContainer
    private let context: ScreenContext
    private let viewModel: MainViewModel
    let host: ScreenHost
    private var isSignedIn = false

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
        // Sign-out: the session's container ends, its flush awaited, before the farewell.
        let signsOut = isSignedIn && status == .guiding
        host.close(farewell: signsOut ? "Signed out." : nil)
        switch status {
        case .launching:
            break
        case .guiding:
            isSignedIn = false
            let guide = app.makeGuideContainer()
            host.open(GuideScreen(container: guide, context: context), in: guide)
        case .signedIn(let session):
            isSignedIn = true
            let signedIn = app.makeSignedInContainer(for: session)
            host.open(HomeScreen(container: signedIn, context: context), in: signedIn)
        }
    }
}
