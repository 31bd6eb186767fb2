public import GuideCore
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
    /// Contact support goes through ``contactSupport(onClose:)``; leaving the profile tells
    /// the parent.
    public var profileViewModel: MainActorProvider<ProfileViewModel> {
        shared {
            let parent = self.parent
            return ProfileViewModel(
                user: parent.user(),
                notificationPreferences: parent.notificationPreferences(),
                contactSupport: { [weak self] onClose throws(StrataError) in
                    try self?.contactSupport(onClose: onClose)
                },
                onClose: { parent.profileDidClose() })
        }
    }

    /// Asks, through ``ContactSupport``, for a contact form about the user's account under
    /// this profile, so that leaving the profile ends the form too.
    ///
    /// The profile does not know who answers: in the app, the contact feature does, wired
    /// in the session's container.
    ///
    /// - Parameter onClose: Called on the main actor when the form closes, sent or not.
    /// - Returns: The form's container, or `nil` when the profile has ended and so can hold
    ///   no form.
    /// - Throws: ``StrataError/routeNotFound(route:searched:)`` when no container from here
    ///   up to the app answers ``ContactSupport``.
    public func contactSupport(
        onClose: @escaping @MainActor @Sendable () -> Void
    ) throws(StrataError) -> (any FormContainer)? {
        guard isActive else { return nil }
        return try perform(ContactSupport(about: "my account", under: self, onClose: onClose))
    }

    /// Makes the container of one edit-name form.
    ///
    /// - Returns: The container; end it when the form closes.
    public func makeEditNameFormContainer() -> EditNameFormContainer {
        EditNameFormContainer(parent: self)
    }
}
