/// One episode of a show: the value every module of the player passes around.
///
/// `nonisolated`: this module is MainActor by default, so a plain `public struct` would be
/// `@MainActor`, and its `id` could not be read by a container's provider, which runs on any
/// thread. `PlayerContainer.player(for:)` keys its view models by `episode.id`.
nonisolated public struct Episode: Hashable, Identifiable, Sendable {
    /// The episode's identity, stable across launches.
    public let id: Int
    /// The episode's title.
    public var title: String
    /// Its length.
    public var duration: Duration

    /// Makes an episode.
    public init(id: Int, title: String, duration: Duration) {
        self.id = id
        self.title = title
        self.duration = duration
    }
}
