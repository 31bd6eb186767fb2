public import PodcastCore
public import Strata

/// What the player needs from the container it lives under: the session's now-playing state
/// and its listening log.
///
/// The app's session container conforms, so the player never imports the app.
public protocol PlayerParent: Container where ContainerTier: FeatureParentTier {
    /// What the user is listening to: a main-actor session instance.
    var nowPlaying: MainActorProvider<any NowPlaying> { get }

    /// Where the session notes what was played, until it flushes at sign-out.
    var listeningLog: Provider<any ListeningLog> { get }
}

// `nonisolated`: this module is MainActor by default, so the methods of a plain extension
// are `@MainActor`, and the session's `init`, which is not, could not call them.
nonisolated extension PlayerParent {
    /// Plugs the player into this container — in the app, the session — until it ends:
    /// answers ``PlayEpisode`` for every container below, and puts "Player" on the
    /// ``HomeShelf``.
    ///
    /// ```swift
    /// installPlayer()   // in the session container's init
    /// ```
    public func installPlayer() {
        // Unowned: the container keeps its handler until it ends, and must not keep itself.
        // A route is performed from this container or one below it, which holds it, so the
        // container is alive whenever the handler runs.
        handle(PlayEpisode.self) { [unowned self] route in
            PlayerContainer.destination(playing: route.episode, under: self)
        }
        contribute(HomeShelf.self) { [weak self] in
            guard let self else { throw ParentGone() }
            return ShelfEntry(title: "Player", opens: PlayerContainer.destination(under: self))
        }
    }
}

/// Thrown by a contribution whose container is gone, and so has ended.
private struct ParentGone: Error {}
