/// Where the episodes of the user's shows come from.
public protocol EpisodeRepository: Sendable {
    /// Every episode, newest first.
    func episodes() async throws -> [Episode]
}
