import PodcastCore
import Strata

/// The session's listening log: it gathers what was started, and flushes it to the app's
/// history when the session ends. `endAndWait` awaits the flush; `end()` starts it.
actor SessionListeningLog: ListeningLog, AsyncScopeBound {
    private let user: String
    private let history: ListeningHistory
    private var pending: [Episode.ID] = []

    init(user: String, history: ListeningHistory) {
        self.user = user
        self.history = history
    }

    func record(_ episode: Episode.ID) { pending.append(episode) }

    func scopeDidEnd() async {
        let flushed = pending
        pending = []
        await history.append(flushed, for: user)
    }
}

/// What each user listened to, across sessions: the app tier's store.
actor ListeningHistory {
    private var episodes: [String: [Episode.ID]] = [:]

    func append(_ played: [Episode.ID], for user: String) {
        episodes[user, default: []] += played
    }

    func played(by user: String) -> [Episode.ID] { episodes[user] ?? [] }
}
