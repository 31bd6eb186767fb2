import PodcastCore

/// Episodes kept in memory: the fixture's stand-in for a feed.
final class InMemoryEpisodeRepository: EpisodeRepository {
    private let all: [Episode]
    init(episodes: [Episode]) { all = episodes }
    func episodes() -> [Episode] { all }
}
