public import Observation
public import Strata

extension PlayerContainer {
    /// The playback-speed sheet over the player: an interaction.
    ///
    /// Nested in the player's container, so its bare name means the same specialization:
    /// its scope's parent is `PlayerContainer` with the session's type the app chose, named
    /// nowhere in this module. The app names it once, in its typealias for the feature.
    public final class SpeedSheet: Container {
        /// The sheet's interaction scope, under the player.
        public let scope: InteractionScope<PlayerContainer>
        /// Makes the sheet over `parent`.
        public init(parent: PlayerContainer) { scope = InteractionScope(parent: parent) }

        /// The speeds to choose from, and the one chosen.
        public var speed: MainActorProvider<SpeedViewModel> {
            shared { SpeedViewModel(playing: self.nowPlaying().episode?.title) }
        }
    }
}

/// The playback-speed sheet: the speeds, and the one chosen.
@Observable public final class SpeedViewModel {
    /// The speeds offered.
    public let speeds: [Double] = [0.75, 1, 1.25, 1.5, 2]
    /// The speed chosen.
    public private(set) var chosen = 1.0
    /// The title of what plays, if anything: read from the session, two tiers up.
    public let playing: String?

    /// Makes the sheet's model for what plays now.
    public init(playing: String?) { self.playing = playing }

    /// Chooses `speed`, if it is offered.
    public func choose(_ speed: Double) {
        if speeds.contains(speed) { chosen = speed }
    }
}
