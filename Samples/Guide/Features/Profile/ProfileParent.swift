public import GuideCore
public import Strata

/// What the profile needs from the container it lives under: the signed-in user, where the
/// user's details are kept, and what to do when the user leaves the profile.
///
/// The profile is a feature of its own, so it cannot name the app's session container; the
/// app's session container conforms to this protocol instead, and the compiler checks that
/// it provides everything the profile resolves.
///
/// ```swift
/// extension SignedInContainer: ProfileParent {
///     @MainActor func profileDidClose() { homeViewModel().returnHome() }
/// }
/// let profile = ProfileContainer(parent: signedIn)
/// ```
public protocol ProfileParent: Container where ContainerTier: FeatureParentTier {
    /// The signed-in user as they are now; the edit-name form changes the name.
    var user: Provider<Observed<UserSession>> { get }

    /// Where the session is kept between launches, so that a new name outlives a restart.
    var sessionRepository: Provider<any UserSessionRepository> { get }

    /// Where each user's notification answer is remembered.
    var notificationPreferences: Provider<any NotificationPreferenceRepository> { get }

    /// Called on the main actor when the user leaves the profile.
    @MainActor func profileDidClose()
}
