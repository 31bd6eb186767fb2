public import Observation
public import PodcastCore
public import Strata

/// The user's episodes, and the player to open for the one chosen.
@Observable public final class LibraryViewModel {
    /// What the library shows.
    public enum Status: Sendable {
        /// Not loaded yet.
        case idle
        /// Loading.
        case loading
        /// The episodes, newest first.
        case loaded([Episode])
        /// The player to open over the list, for the episode chosen.
        case showing(Destination)
        /// Loading or playing failed; the message says why.
        case failed(String)
    }

    /// What the library shows now.
    public private(set) var status = Status.idle
    private let repository: any EpisodeRepository
    /// The library's container: the screen keeps this view model, which keeps the container;
    /// the container keeps nothing of it (a `unique` provider), so nothing makes a cycle.
    @ObservationIgnored private let routes: any Container

    /// Makes the library.
    ///
    /// - Parameters:
    ///   - repository: Where the episodes come from.
    ///   - routes: The container to perform ``PlayEpisode`` from: the library's.
    public init(repository: any EpisodeRepository, routesFrom routes: any Container) {
        self.repository = repository
        self.routes = routes
    }

    /// Loads the episodes.
    public func load() async {
        status = .loading
        do {
            status = .loaded(try await repository.episodes())
        } catch {
            status = .failed("\(error)")
        }
    }

    /// Asks the player for `episode`, and shows what it answers.
    public func play(_ episode: Episode) {
        do {
            status = .showing(try routes.perform(PlayEpisode(episode)))
        } catch {
            status = .failed(error.description)
        }
    }
}
