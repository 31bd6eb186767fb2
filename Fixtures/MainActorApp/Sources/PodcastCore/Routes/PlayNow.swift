public import Strata

/// Starts an episode in the session's player at once: a main-actor route, whose handler
/// touches the main-actor player and is performed on the main actor or awaited.
public struct PlayNow: MainActorRoute {
    /// The title now playing.
    public typealias Output = String?

    /// The episode to play.
    public var episode: Episode

    /// Makes the request.
    public init(_ episode: Episode) { self.episode = episode }
}
