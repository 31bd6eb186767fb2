import PodcastCore
import Strata

/// The screens open over the home, topmost last: a session instance that keeps each
/// screen's feature container while the screen is shown.
final class Coordinator {
    /// One screen: its place and the feature container it shows.
    struct Screen {
        let name: String
        let container: any Container
    }

    private(set) var screens: [Screen] = []

    /// Opens `destination` under `host`, over the screens open now.
    func open(_ destination: Destination, under host: some Container) {
        screens.append(
            Screen(name: destination.name, container: destination.makeContainer(under: host)))
    }

    /// Closes the topmost screen and ends its container.
    func close() {
        screens.popLast()?.container.end()
    }
}
