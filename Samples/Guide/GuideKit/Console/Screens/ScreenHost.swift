import GuideCore
import Strata

/// The one child a host screen shows below it, with the container made for it: the host
/// opens a child when its status says so and closes it when the status moves on.
///
/// Every host screen keeps one, so opening and closing a child — and ending its container
/// as it closes (see ``ScreenContext/close(_:)``) — is written once. Every
/// child is described as a ``Destination`` — the guide and the home by the app, the
/// guide's forms by the guide, the profile and the contact form by their features — and
/// opens through ``open(_:under:location:onClose:)``: the host makes its container and the
/// screen that shows it, whichever it is.
///
/// ```swift
/// case .showing(let destination):
///     host.open(destination, under: container, location: "home/\(destination.name)",
///               onClose: { viewModel.returnHome() })
/// case .home:
///     host.close()   // the screen goes, and its container ends
/// ```
@MainActor
final class ScreenHost {
    private let context: ScreenContext
    private var open: OpenScreen?

    init(context: ScreenContext) { self.context = context }

    /// The child shown now, if any.
    var child: (any Screen)? { open?.screen }

    /// The container of the child shown now, if any.
    var childContainer: (any Container)? { open?.container }

    /// Closes the child shown now, if any, then makes `destination`'s container under
    /// `parent` and shows it with the screen its type names (see ``ShownInConsole``); the
    /// host ends the container when the child closes.
    ///
    /// - Parameters:
    ///   - destination: What to open.
    ///   - parent: The host screen's container.
    ///   - location: Where the child is, for the prompt: the host's place and the
    ///     destination's name.
    ///   - onClose: Called on the main actor when the child closes: it tells the host's view
    ///     model, whose status then closes the child.
    func open(
        _ destination: Destination, under parent: some Container, location: String,
        onClose: @escaping @MainActor @Sendable () -> Void
    ) {
        close()
        let container = destination.makeContainer(under: parent, onClose: onClose)
        guard let shown = container as? any ShownInConsole else {
            // Closed as any child is, which ends its container and reports the end; then
            // the host's view model hears that it closed.
            context.say("The console cannot show \(destination.name).")
            open = OpenScreen(screen: NothingShown(location: location), container: container)
            close()
            return onClose()
        }
        open = OpenScreen(
            screen: shown.screen(at: location, context: context), container: container)
    }

    /// Closes the child shown now and what it shows, deepest first, and ends their
    /// containers.
    func close() {
        // Taken out first: the host shows nothing while its child closes.
        guard let closing = open.take() else { return }
        context.close(closing)
    }
}

/// A container the console can show: each feature's screen file conforms the feature's
/// container, so a host opens any ``Destination`` without naming the feature.
@MainActor
protocol ShownInConsole: Container {
    /// The screen that shows this container.
    ///
    /// - Parameters:
    ///   - location: Where the screen is, for the prompt.
    ///   - context: What the screens share.
    /// - Returns: The screen.
    func screen(at location: String, context: ScreenContext) -> any Screen

    /// How the console ends this container when its screen closes.
    var endOnClose: EndOnClose { get }
}

extension ShownInConsole {
    /// At once, unless the container says otherwise.
    var endOnClose: EndOnClose { .atOnce }
}

/// What stands for a child the console cannot show, until the host closes it.
private final class NothingShown: Screen {
    let location: String
    init(location: String) { self.location = location }
    var question: Question { Question(label: "…") }
    var child: (any Screen)? { nil }
    func introduction() -> [String] { [] }
    func answer(_ text: String) async {}
    func goBack() {}
}

/// A screen that shows a child below it through a ``ScreenHost``.
@MainActor
protocol HostScreen: Screen {
    /// Where the screen keeps its child.
    var host: ScreenHost { get }
}

extension HostScreen {
    /// The host's child.
    var child: (any Screen)? { host.child }

    /// Closes the host's child.
    func close() { host.close() }
}
