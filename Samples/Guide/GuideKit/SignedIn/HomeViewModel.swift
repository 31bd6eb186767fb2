public import GuideCore
public import Observation
public import Strata

/// Where the signed-in home is: its menu, or the profile.
public enum HomeViewStatus: String, CaseIterable, Hashable, Sendable {
    /// The home menu.
    case home
    /// The profile is open.
    case profile
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

    /// Opens the profile, from the home menu.
    public func showProfile() {
        guard status == .home else { return }
        status = .profile
    }

    /// Returns to the home menu from the profile.
    public func returnHome() {
        guard status == .profile else { return }
        status = .home
    }

    /// Signs out: the app forgets the session and returns to the guide.
    public func signOut() { onSignOut() }
}
