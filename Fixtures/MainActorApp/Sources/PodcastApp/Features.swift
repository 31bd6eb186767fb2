import LibraryFeature
import PlayerFeature

// The one place the app names each feature's parent: a typealias per feature. The features'
// other containers are nested in their main one (`Player.SpeedSheet`), so nothing else
// restates the session's type.

/// The player, under the session.
typealias Player = PlayerContainer<SessionContainer>
/// The library, under the session.
typealias Library = LibraryContainer<SessionContainer>
