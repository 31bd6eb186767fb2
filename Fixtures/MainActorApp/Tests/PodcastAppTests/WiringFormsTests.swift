import LibraryFeature
import PlayerFeature
import PodcastCore
import Strata
import StrataTesting
import Testing

@testable import PodcastApp

// The main-actor and async forms of routes and contributions, used by MainActor-by-default
// modules with no unchecked isolation; and a session whose features are wired into it goes
// when released without an end.

@Suite("Main-actor and async wiring", .noLeaks, .timeLimit(.minutes(1)))
struct WiringFormsTests {
    @Test("a main-actor route starts the main-actor player, performed in place or awaited")
    func mainActorRoute() async throws {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "ada"))
        let library = session.makeLibrary()
        #expect(performNow(pilot, from: library) == pilot.title)
        let awaited = try await Task.detached { try await library.perform(PlayNow(newest)) }.value
        #expect(awaited == newest.title)
        #expect(session.nowPlaying().episode == newest)
        app.end()
    }

    /// The synchronous form, on the main actor.
    private func performNow(_ episode: Episode, from library: Library)
        -> String?
    {
        (try? library.perform(PlayNow(episode))) ?? nil
    }

    @Test("a feature asks the app to sign out through an async route, and the session ends")
    func signOutThroughAnAsyncRoute() async throws {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "ada"))
        let player = session.makePlayer()
        let ended = try await player.perform(SignOut())
        #expect(ended == ["PlayerContainer<SessionContainer>", "SessionContainer"])
        #expect(!session.isActive)
        app.end()
    }

    @Test("contributions: main-actor ones gathered from anywhere, async ones awaited")
    func contributionForms() async throws {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "ada"))
        let shelf = try await Task.detached { try await session.gather(HomeShelf.self) }.value
        #expect(shelf.map(\.title) == ["Player", "Library"])
        #expect(try await session.gather(ShelfNotes.self) == ["Library: 2 episodes"])
        app.end()
    }

    @Test("a session, its features installed and used, goes when released without end()")
    func sessionGoesWhenReleased() async throws {
        weak var released: SessionContainer?
        let findings = try await NoLeaksTrait.check {
            let app = AppContainer()
            do {
                let session = app.makeSession(for: User(name: "ada"))
                released = session
                _ = try session.gather(HomeShelf.self)
                _ = try await session.gather(ShelfNotes.self)
                _ = try session.perform(PlayEpisode(pilot))
                _ = try session.perform(PlayNow(pilot))
            }
            #expect(released == nil)
            app.end()
        }
        #expect(findings.leaks.isEmpty)
        #expect(findings.unjudged.isEmpty)
        #expect(findings.neverEnded.isEmpty)
    }
}
