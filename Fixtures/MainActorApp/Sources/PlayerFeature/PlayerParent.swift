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
        // Each closure receives the container it was given to: none captures it, so the
        // container never keeps itself.
        handle(PlayEpisode.self) { parent, route in
            PlayerContainer.destination(playing: route.episode, under: parent)
        }
        // A main-actor handler: it starts the session's main-actor player in place.
        handle(PlayNow.self) { parent, route in
            let nowPlaying = parent.nowPlaying()
            nowPlaying.start(route.episode)
            return nowPlaying.episode?.title
        }
        contribute(HomeShelf.self) { parent in
            ShelfEntry(title: "Player", opens: PlayerContainer.destination(under: parent))
        }
    }
}
