import Strata

/// The one child a host screen shows below it, with the container made for it: the host
/// opens a child when its status says so and closes it when the status moves on.
///
/// Every host screen keeps one, so opening and closing a child — and ending its container
/// once the input is handled (see ``ScreenContext/close(_:)``) — is written once.
///
/// ```swift
/// let form = container.makeEditNameFormContainer()
/// host.open(FormScreen(…, container: form, context: context), in: form)
/// host.close()   // the screen goes now, the container ends after this input
/// ```
@MainActor
final class ScreenHost {
    private let context: ScreenContext
    private var open: OpenScreen?

    init(context: ScreenContext) { self.context = context }

    /// The child shown now, if any.
    var child: (any Screen)? { open?.screen }

    /// Closes the child shown now, if any, then shows `screen`, whose container is
    /// `container`; the host ends the container when the child closes.
    func open(_ screen: any Screen, in container: some Container) {
        close()
        open = OpenScreen(screen: screen, container: container)
    }

    /// Closes the child shown now and what it shows, deepest first.
    ///
    /// - Parameter farewell: What to say once the child's container has ended, if anything.
    func close(farewell: String? = nil) { context.close(&open, farewell: farewell) }
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
