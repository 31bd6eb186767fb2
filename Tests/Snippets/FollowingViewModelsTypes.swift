// What FollowingViewModels.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target: the models and what
// their handlers call are main-actor, followed with `trackOnMainActor`.

@_exported import Observation

enum GuideViewStatus {
    case welcome
    case signIn
}

struct WelcomeView: View {
    var body: some View { EmptyView() }
}

struct SignInView: View {
    var body: some View { EmptyView() }
}

// The console that shows the guide.
final class ConsoleScreen {
    func render(_ status: GuideViewStatus) { print("showing \(status)") }
}

// The app's settings, which live as long as the app.
enum Theme {
    case light
    case dark
}

@Observable final class AppSettings {
    var theme = Theme.light
}

@Observable final class AppViewModel {
    var banner: String?
}

final class Dialog {
    func apply(_ theme: Theme) {}
    func show(_ banner: String?) {}
}

// A form's view model, refreshed when the form's status changes.
final class FormViewModel {
    func refresh() {}
}

enum FormStatus {
    case editing
    case sent
}

final class AppContainer: Container {
    let scope = AppScope()
}

// The guide, a feature; a form under it; a dialog under the app.
final class GuideContainer: Container {
    let scope: FeatureScope<AppContainer>
    init(parent: AppContainer) { scope = FeatureScope(parent: parent) }
}

final class FormContainer: Container {
    let scope: InteractionScope<GuideContainer>
    init(parent: GuideContainer) { scope = InteractionScope(parent: parent) }
    var status: Provider<Observed<FormStatus>> { shared { Observed(.editing) } }
    var viewModel: MainActorProvider<FormViewModel> { shared { FormViewModel() } }
}

final class DialogContainer: Container {
    let scope: InteractionScope<AppContainer>
    init(parent: AppContainer) { scope = InteractionScope(parent: parent) }
}

let app = AppContainer()
let guideContainer = GuideContainer(parent: app)
let dialogContainer = DialogContainer(parent: app)
let form = FormContainer(parent: guideContainer)
let appSettings = AppSettings()
let dialog = Dialog()
