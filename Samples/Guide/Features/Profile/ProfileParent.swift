public import GuideCore
public import Strata

/// What the profile needs from the container it lives under: the signed-in user, and the
/// ``ProfileStores`` where the user's details are kept.
///
/// The profile is a feature of its own, so it cannot name the app's session container; the
/// app's session container conforms to this protocol instead, and the compiler checks that
/// it provides everything the profile resolves. The session declares the user; the stores
/// are the app's, and the session meets them by being under an app that does.
///
/// ```swift
/// extension AppContainer: ProfileStores {}
/// extension SignedInContainer: ProfileParent {}
/// signedIn.installProfile()   // "profile" on the home menu, a line in :help
/// ```
public protocol ProfileParent: ProfileStores where ContainerTier: FeatureParentTier {
    /// The signed-in user as they are now; the edit-name form changes the name.
    var user: Provider<Observed<UserSession>> { get }
}

/// Where the profile's data is kept: stores that live as long as the app.
///
/// A container meets these requirements by declaring them, as the app's container does, or
/// by sitting under a container that meets them: the extension below forwards each to
/// `parent`. So the session, under the app, declares none of them.
///
/// ```swift
/// extension AppContainer: ProfileStores {}       // declares both stores
/// extension SignedInContainer: ProfileParent {}  // reads them from the app
/// ```
public protocol ProfileStores: Container {
    /// Where the session is kept between launches, so that a new name outlives a restart.
    var sessionRepository: Provider<any UserSessionRepository> { get }

    /// Where each user's notification answer is remembered.
    var notificationPreferences: Provider<any NotificationPreferenceRepository> { get }
}

extension ProfileStores where Parent: ProfileStores {
    /// The parent's session store.
    public var sessionRepository: Provider<any UserSessionRepository> {
        parent.sessionRepository
    }

    /// The parent's notification answers.
    public var notificationPreferences: Provider<any NotificationPreferenceRepository> {
        parent.notificationPreferences
    }
}

extension ProfileParent {
    /// Plugs the profile into this container — in the app, the signed-in session — until it
    /// ends: adds "profile" to the ``HomeMenu`` and says what it does in ``HelpLines``.
    ///
    /// ```swift
    /// signedIn.installProfile()
    /// ```
    public func installProfile() {
        // The factory receives the container: it captures nothing, so the container it is
        // given to does not keep itself.
        contribute(HomeMenu.self) { parent in
            HomeEntry(title: "profile", opens: ProfileContainer.destination(under: parent))
        }
        contribute(HelpLines.self) { _ in
            "profile: your name, address and notification answer; edit your name there."
        }
    }
}
