public import PodcastCore
public import Strata

/// The player's feature tier, under the session: from opening the player to leaving it.
public final class PlayerContainer<Parent: PlayerParent>: Container {
    /// The player's feature scope.
    public let scope: FeatureScope<Parent>
    /// The episode to start when the player opens, if any.
    public let opening: Episode?

    /// Makes the player's container.
    ///
    /// - Parameters:
    ///   - parent: The container the player lives under: the session's.
    ///   - opening: The episode to start when the player opens, if any.
    public init(parent: Parent, opening: Episode? = nil) {
        self.opening = opening
        scope = FeatureScope(parent: parent)
    }

    /// The player of one episode: opening the same episode again shows the same one.
    ///
    /// - Parameter episode: The episode to play.
    /// - Returns: Its view model's provider, one instance per episode in this container.
    public func player(for episode: Episode) -> MainActorProvider<PlayerViewModel> {
        shared(by: episode.id) {
            PlayerViewModel(
                episode: episode, nowPlaying: self.nowPlaying(), log: self.listeningLog())
        }
    }

    /// The player, to open under `parent`: `player`.
    public static func destination(under parent: Parent) -> Destination {
        Destination("player") { _ in PlayerContainer(parent: parent) }
    }

    /// The player opened on `episode`, under `parent`: what the player answers to
    /// ``PlayEpisode``.
    public static func destination(
        playing episode: Episode, under parent: Parent
    ) -> Destination {
        Destination("player") { _ in PlayerContainer(parent: parent, opening: episode) }
    }
}
