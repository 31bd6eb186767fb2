// What FollowingViewModels.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is nonisolated by default; what a `@Sendable` handler captures says
// it is `Sendable`, as it must there.

@_exported import Observation
import Synchronization

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

// The app's settings, which any thread may read: a lock keeps the theme, and Observation is
// told of each change, as `@Observable` would tell it.
enum Theme: Sendable {
    case light
    case dark
}

final class AppSettings: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = Mutex(Theme.light)

    var theme: Theme {
        get {
            registrar.access(self, keyPath: \.theme)
            return storage.withLock { $0 }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.theme) {
                storage.withLock { $0 = newValue }
            }
        }
    }
}

@Observable final class AppViewModel {
    var banner: String?
}

final class Dialog: Sendable {
    func apply(_ theme: Theme) {}
    func show(_ banner: String?) {}
}

// A form's view model, refreshed when the form's status changes.
final class FormViewModel: Sendable {
    func refresh() {}
}

enum FormStatus: Sendable {
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
    var viewModel: Provider<FormViewModel> { shared { FormViewModel() } }
}

final class DialogContainer: Container {
    let scope: InteractionScope<AppContainer>
    init(parent: AppContainer) { scope = InteractionScope(parent: parent) }
}

let app = AppContainer()
let guideContainer = GuideContainer(parent: app)
let dialogContainer = DialogContainer(parent: app)
let appSettings = AppSettings()
let dialog = Dialog()
