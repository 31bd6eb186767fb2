import Observation
import PodcastCore
import Strata

/// The signed-in home: the shelf the features add to, and what plays now.
@Observable final class HomeViewModel {
    private(set) var shelf: [ShelfEntry] = []
    var nowPlayingTitle: String?

    /// Gathers the shelf from every feature installed in `session`, the one that made this
    /// view model: given for the call, not kept, since the session keeps this view model.
    func refresh(from session: some Container) {
        shelf = (try? session.gather(HomeShelf.self)) ?? []
    }
}
