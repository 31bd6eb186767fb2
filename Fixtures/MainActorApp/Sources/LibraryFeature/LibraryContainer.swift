public import PodcastCore
public import Strata

/// The library's feature tier, under the session: from opening the library to leaving it.
public final class LibraryContainer<Parent: LibraryParent>: Container {
    /// The library's feature scope.
    public let scope: FeatureScope<Parent>
    /// Makes the library's container under `parent`, the session's.
    public init(parent: Parent) { scope = FeatureScope(parent: parent) }

    /// The library, to open under `parent`: `library`.
    public static func destination(under parent: Parent) -> Destination {
        Destination("library") { _ in LibraryContainer(parent: parent) }
    }

    /// The list of episodes: a new one for each screen that shows it, which keeps it.
    ///
    /// Playing one asks the player through ``PlayEpisode`` from this container; the library
    /// does not import the player.
    public var libraryViewModel: MainActorProvider<LibraryViewModel> {
        unique { LibraryViewModel(repository: self.episodes(), routesFrom: self) }
    }
}
