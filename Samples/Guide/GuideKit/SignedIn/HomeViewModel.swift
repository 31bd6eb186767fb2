public import GuideCore
public import Observation
public import Strata

/// Where the signed-in home is: its menu, or what one of its entries opened.
public enum HomeViewStatus: Hashable, Sendable {
    /// The home menu.
    case home
    /// An entry's destination is open below the home: the screen makes its container, and
    /// ends it when the status moves on.
    case showing(Destination)
}

/// The signed-in home's view model, in the session tier
/// (``SignedInContainer/homeViewModel``).
///
/// It is `@Observable`: a view follows ``status``.
@MainActor @Observable
public final class HomeViewModel {
    /// Where the home is.
    public private(set) var status = HomeViewStatus.home
    /// The signed-in user.
    public let user: Observed<UserSession>

    private let onSignOut: @MainActor () -> Void

    /// Makes the view model.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - onSignOut: Called when the user signs out.
    public init(user: Observed<UserSession>, onSignOut: @escaping @MainActor () -> Void) {
        self.user = user
        self.onSignOut = onSignOut
    }

    /// Opens what a home-menu entry names, from the home menu.
    ///
    /// - Parameter destination: The entry's destination.
    public func open(_ destination: Destination) {
        guard status == .home else { return }
        status = .showing(destination)
    }

    /// Returns to the home menu once what an entry opened has closed.
    public func returnHome() {
        guard status != .home else { return }
        status = .home
    }

    /// Signs out: the app forgets the session and returns to the guide.
    public func signOut() { onSignOut() }
}
