import LibraryFeature
import PlayerFeature
import PodcastCore
import Strata

/// The session tier: from sign-in to sign-out.
///
/// It gives the features what their parent protocols ask for, installs them, and flushes
/// the listening log when it ends: sign out with `await session.endAndWait()` so that the
/// flush is awaited.
final class SessionContainer: Container, PlayerParent, LibraryParent {
    let scope: SessionScope<AppContainer>
    let user: User

    init(parent: AppContainer, user: User) {
        self.user = user
        scope = SessionScope(parent: parent)
        // Each feature answers its routes and adds to the shelf until the session ends.
        installPlayer()
        installLibrary()
        // Sign-out, asked by any feature: the handler receives the session and awaits its end.
        handle(SignOut.self) { session, _ in
            await session.endAndWait().ended.map(\.typeName)
        }
    }

    var nowPlaying: MainActorProvider<any NowPlaying> { shared { SessionNowPlaying() } }

    var listeningLog: Provider<any ListeningLog> {
        shared { SessionListeningLog(user: self.user.name, history: self.history()) }
    }

    var episodes: MainActorProvider<any EpisodeRepository> {
        shared {
            InMemoryEpisodeRepository(episodes: [
                Episode(id: 2, title: "Layers all the way down", duration: .seconds(2_400)),
                Episode(id: 1, title: "Pilot", duration: .seconds(1_800)),
            ])
        }
    }

    /// The home: the shelf every feature adds to, and the title of what plays now, followed
    /// until the session ends.
    var home: MainActorProvider<HomeViewModel> {
        shared {
            let home = HomeViewModel()
            let nowPlaying = self.nowPlaying()
            self.trackOnMainActor(initial: true) {
                nowPlaying.episode?.title
            } onChange: { title in
                // The session keeps the home until it ends, and the home keeps nothing of it.
                home.nowPlayingTitle = title
            }
            return home
        }
    }

    /// The screens open over the home, each with its feature's container.
    var coordinator: MainActorProvider<Coordinator> { shared { Coordinator() } }

    func makeLibrary() -> Library { Library(parent: self) }
    func makePlayer() -> Player { Player(parent: self) }
}
