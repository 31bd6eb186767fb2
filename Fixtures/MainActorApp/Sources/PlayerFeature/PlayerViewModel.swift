public import Observation
public import PodcastCore

/// The player of one episode: whether it plays, and whether it is what the session plays.
@Observable public final class PlayerViewModel {
    /// What the player shows.
    public enum Status: Equatable, Sendable {
        /// Not started, or paused.
        case paused
        /// Playing.
        case playing
    }

    /// What the player shows now.
    public private(set) var status = Status.paused
    /// The episode this player plays.
    public let episode: Episode
    private let nowPlaying: any NowPlaying
    private let log: any ListeningLog

    /// Makes the player of `episode`.
    public init(episode: Episode, nowPlaying: any NowPlaying, log: any ListeningLog) {
        self.episode = episode
        self.nowPlaying = nowPlaying
        self.log = log
    }

    /// Whether the session plays this player's episode.
    public var isNowPlaying: Bool { nowPlaying.episode == episode }

    /// Starts the episode, for the whole session, and notes it in the listening log.
    public func play() async {
        nowPlaying.start(episode)
        status = .playing
        await log.record(episode.id)
    }

    /// Pauses.
    public func pause() { status = .paused }
}
