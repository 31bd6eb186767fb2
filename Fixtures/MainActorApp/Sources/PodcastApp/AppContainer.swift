import Strata

/// Who is signed in.
struct User: Hashable {
    let name: String
}

/// The app tier: from launch to exit.
///
/// It keeps what outlives a session, such as the listening history every sign-out flushes
/// to.
final class AppContainer: Container {
    let scope = AppScope()

    /// What each user listened to, kept across sessions.
    var history: Provider<ListeningHistory> { shared { ListeningHistory() } }

    /// Signs `user` in: the session's container, with the player and the library installed.
    func makeSession(for user: User) -> SessionContainer {
        SessionContainer(parent: self, user: user)
    }
}
