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
        contribute(HomeShelf.self) { parent in
            ShelfEntry(title: "Library", opens: LibraryContainer.destination(under: parent))
        }
        // An awaited contribution: it asks the main-actor repository from any isolation.
        contribute(ShelfNotes.self) { parent in
            let episodes = try await parent.episodes().episodes()
            return "Library: \(episodes.count) episodes"
        }
    }
}
