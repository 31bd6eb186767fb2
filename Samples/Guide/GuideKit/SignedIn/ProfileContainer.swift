public import Strata

/// The profile's feature tier, under the signed-in session.
///
/// It lives from opening the profile to leaving it. Editing the name gets an interaction
/// container of its own.
public final class ProfileContainer: Container {
    /// The profile's feature scope, under the session.
    public let scope: FeatureScope
    let parent: SignedInContainer

    /// Makes the profile's container.
    ///
    /// - Parameter parent: The signed-in session's container.
    public init(parent: SignedInContainer) {
        self.parent = parent
        self.scope = FeatureScope(parent: parent)
    }

    /// The profile's view model.
    ///
    /// Leaving the profile returns to the home.
    public var profileViewModel: MainActorProvider<ProfileViewModel> {
        shared {
            let home = self.parent.homeViewModel()
            return ProfileViewModel(
                user: self.parent.user(),
                notificationPreferences: self.parent.parent.notificationPreferences(),
                onClose: { home.returnHome() })
        }
    }

    /// Makes the container of one edit-name form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeEditNameFormContainer() -> EditNameFormContainer {
        EditNameFormContainer(parent: self)
    }
}
