public import Strata

/// Asks to play an episode: the answer is the player to open for it.
///
/// The library performs it and the player answers it, though neither imports the other:
/// both see only this type.
public struct PlayEpisode: Route {
    /// The player's screen for the episode.
    public typealias Output = Destination

    /// The episode to play.
    public var episode: Episode

    /// Makes the request.
    public init(_ episode: Episode) { self.episode = episode }
}
