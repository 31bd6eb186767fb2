public import Strata

/// The signed-in home's menu: every feature that wants a place on it contributes one
/// ``HomeEntry`` to the session's container, and the home screen gathers them.
///
/// The home screen names no feature, so a new feature adds its entry without touching it.
/// The entries come in the order they were contributed; the home adds its own "sign out"
/// after them. They go when the session ends.
///
/// ```swift
/// // The profile feature, for each signed-in session:
/// signedIn.contribute(HomeMenu.self) { signedIn in
///     HomeEntry(title: "profile", opens: ProfileContainer.destination(under: signedIn))
/// }
///
/// // The home screen:
/// let entries = try signedIn.gather(HomeMenu.self)
/// ```
public enum HomeMenu: ContributionKey {
    /// One entry of the menu.
    public typealias Element = HomeEntry
}

/// One entry of the home menu: what it is called and what it opens.
public struct HomeEntry: Sendable {
    /// The entry's title, which the user may type to choose it: `profile`.
    public var title: String
    /// What choosing it opens below the home.
    public var destination: Destination

    /// Makes an entry.
    ///
    /// - Parameters:
    ///   - title: The entry's title.
    ///   - destination: What choosing it opens below the home.
    public init(title: String, opens destination: Destination) {
        self.title = title
        self.destination = destination
    }
}
