import Observation
import PodcastCore
import Strata

/// The signed-in home: the shelf the features add to, and what plays now.
@Observable final class HomeViewModel {
    private(set) var shelf: [ShelfEntry] = []
    var nowPlayingTitle: String?
    /// Weak: the session made this view model, and keeps it until it ends.
    @ObservationIgnored private weak var session: (any Container)?

    init(shelfFrom session: any Container) { self.session = session }

    /// Gathers the shelf from every feature installed in the session.
    func refresh() {
        shelf = (try? session?.gather(HomeShelf.self)) ?? []
    }
}
