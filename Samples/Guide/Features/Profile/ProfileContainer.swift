public import Strata

/// The profile's feature tier, under the signed-in session.
///
/// It lives from opening the profile to leaving it. Editing the name gets an interaction
/// container of its own. Its parent is any ``ProfileParent`` — in the app, the session's
/// container — so this feature never imports the app.
public final class ProfileContainer: Container {
    /// The profile's feature scope, under the session.
    public let scope: FeatureScope
    let parent: any ProfileParent

    /// Makes the profile's container.
    ///
    /// - Parameter parent: The container the profile lives under: the signed-in session's.
    public init(parent: some ProfileParent) {
        self.parent = parent
        self.scope = FeatureScope(parent: parent)
    }

    /// The profile's view model.
    ///
    /// Leaving the profile tells the parent.
    public var profileViewModel: MainActorProvider<ProfileViewModel> {
        shared {
            let parent = self.parent
            return ProfileViewModel(
                user: parent.user(),
                notificationPreferences: parent.notificationPreferences(),
                onClose: { parent.profileDidClose() })
        }
    }

    /// Makes the container of one edit-name form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeEditNameFormContainer() -> EditNameFormContainer {
        EditNameFormContainer(parent: self)
    }
}
