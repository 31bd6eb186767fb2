import PlayerFeature
import PodcastCore
import Strata

@testable import PodcastApp

// What the podcast tests share: the episodes the fixture's repository serves, and the steps
// of a round — signing in, opening the player, playing.

let newest = Episode(id: 2, title: "Layers all the way down", duration: .seconds(2_400))
let pilot = Episode(id: 1, title: "Pilot", duration: .seconds(1_800))

extension Coordinator {
    /// The feature container of the topmost screen, as the type the test expects there.
    func topmost<Shown: Container>(_ type: Shown.Type) -> Shown? {
        screens.last?.container as? Shown
    }
}

/// Opens the player on `episode` over the session's home and plays it.
///
/// The player's main-actor view model reads the session's main-actor `NowPlaying`. The
/// screen stays open; nothing else is kept past the call.
///
/// - Returns: Whether the session then plays `episode`.
func openPlayerAndPlay(_ episode: Episode, in session: SessionContainer) async -> Bool {
    let coordinator = session.coordinator()
    coordinator.open(PlayerContainer.destination(playing: episode, under: session), under: session)
    guard let player = coordinator.topmost(Player.self) else {
        return false
    }
    let viewModel = player.player(for: episode)()
    await viewModel.play()
    return viewModel.isNowPlaying && viewModel.status == .playing
}
