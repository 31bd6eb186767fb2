public import PodcastCore
public import Strata

/// What the library needs from the container it lives under: where the episodes come from.
///
/// The app's session container conforms, so the library never imports the app.
public protocol LibraryParent: Container where ContainerTier: FeatureParentTier {
    /// The user's episodes.
    var episodes: MainActorProvider<any EpisodeRepository> { get }
}

// `nonisolated`, as the player's: the session's `init` calls it.
nonisolated extension LibraryParent {
    /// Plugs the library into this container — in the app, the session — until it ends: puts
    /// "Library" on the ``HomeShelf``.
    public func installLibrary() {
        contribute(HomeShelf.self) { [weak self] in
            guard let self else { throw ParentGone() }
            return ShelfEntry(title: "Library", opens: LibraryContainer.destination(under: self))
        }
    }
}

/// Thrown by a contribution whose container is gone, and so has ended.
private struct ParentGone: Error {}
