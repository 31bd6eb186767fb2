import Observation
import PodcastCore

/// What the session plays: observed by the players and by the home.
///
/// `@MainActor` in a module that is MainActor by default: conforming to `NowPlaying`, a
/// `Sendable` protocol of another module, makes the class nonisolated unless it says
/// otherwise, and an `@Observable` class that is `Sendable` cannot keep its mutable state.
@MainActor @Observable final class SessionNowPlaying: NowPlaying {
    private(set) var episode: Episode?

    func start(_ episode: Episode) { self.episode = episode }
}
