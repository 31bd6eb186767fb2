/// What the signed-in user is listening to: one per session, made on the main actor, read by
/// the player's view models and the home.
///
/// `Sendable`, so that a container can hold `any NowPlaying` and a parent protocol can name
/// its provider.
public protocol NowPlaying: AnyObject, Sendable {
    /// The episode playing, if any.
    var episode: Episode? { get }

    /// Starts `episode`, in place of the one playing.
    func start(_ episode: Episode)
}
