import LibraryFeature
import PlayerFeature
import PodcastCore
import Strata
import StrataTesting
import Testing

@testable import PodcastApp

// A podcast player of four modules, each MainActor by default, as its team tests it: every
// test fails for an instance that outlives its container.

@Suite("A podcast player of several MainActor-by-default modules", .noLeaks)
struct PodcastFlowTests {
    @Test("each feature puts its entry on the home's shelf, in the order the session installs them")
    func shelf() {
        let session = AppContainer().makeSession(for: User(name: "Ada"))
        do {
            let home = session.home()
            home.refresh(from: session)
            #expect(home.shelf.map(\.title) == ["Player", "Library"])
            #expect(home.shelf.map(\.destination.name) == ["player", "library"])
        }
        let report = session.end()
        #expect(report.ended.map(\.typeName) == ["SessionContainer"])
    }

    @Test(
        "the library plays an episode through the player's route, without importing it",
        .timeLimit(.minutes(1)))
    func libraryPlaysThroughTheRoute() async {
        let app = AppContainer()
        let session = app.makeSession(for: User(name: "Ada"))
        do {
            let coordinator = session.coordinator()
            let home = session.home()
            home.refresh(from: session)
            guard let library = home.shelf.first(where: { $0.title == "Library" }) else {
                Issue.record("no library on the shelf: \(home.shelf.map(\.title))")
                return
            }
            coordinator.open(library.destination, under: session)
            guard
                let libraryContainer = coordinator.topmost(Library.self)
            else {
                Issue.record("the library's destination made no LibraryContainer")
                return
            }
            let list = libraryContainer.libraryViewModel()
            await list.load()
            guard case .loaded(let episodes) = list.status else {
                Issue.record("the library did not load: \(list.status)")
                return
            }
            #expect(episodes == [newest, pilot])

            list.play(newest)
            guard case .showing(let destination) = list.status else {
                Issue.record("the library shows no player: \(list.status)")
                return
            }
            coordinator.open(destination, under: libraryContainer)
            guard let player = coordinator.topmost(Player.self),
                let episode = player.opening
            else {
                Issue.record("the route's destination made no player on an episode")
                return
            }
            #expect(episode == newest)
            do {
                let viewModel = player.player(for: episode)()
                await viewModel.play()
                #expect(viewModel.isNowPlaying)
            }
            #expect(home.nowPlayingTitle == newest.title)
            coordinator.close()
            #expect(!player.isActive)
        }
        let report = await session.endAndWait()
        #expect(report.overran.isEmpty, "\(report)")
        #expect(await app.history().played(by: "Ada") == [newest.id])
    }

    @Test("a player is shared by episode id, one per episode, in the player's container")
    func onePlayerPerEpisode() {
        let session = AppContainer().makeSession(for: User(name: "Ada"))
        let player = session.makePlayer()
        do {
            let first = player.player(for: newest)()
            #expect(player.player(for: newest)() === first)
            #expect(player.player(for: pilot)() !== first)
            #expect(first.episode == newest)
        }
        let report = session.end()
        #expect(
            report.ended.map(\.typeName) == [
                "PlayerContainer<SessionContainer>", "SessionContainer",
            ])
    }

    @Test("the player's speed sheet, nested in its container, reads the session and ends first")
    func speedSheet() {
        let session = AppContainer().makeSession(for: User(name: "Ada"))
        let player = session.makePlayer()
        session.nowPlaying().start(pilot)
        let sheet = Player.SpeedSheet(parent: player)
        do {
            let speed = sheet.speed()
            #expect(speed.playing == pilot.title)
            speed.choose(1.5)
            #expect(speed.chosen == 1.5)
        }
        let report = session.end()
        #expect(
            report.ended.map(\.typeName) == [
                "\(Player.SpeedSheet.self)", "\(Player.self)", "SessionContainer",
            ])
    }

    @Test("a route asked outside a session is not found, and names where it looked")
    func routeOutsideASession() {
        let app = AppContainer()
        do {
            _ = try app.perform(PlayEpisode(pilot))
            Issue.record("an app with no session answered PlayEpisode")
        } catch {
            #expect(error.description.contains("PlayEpisode"))
        }
    }
}
