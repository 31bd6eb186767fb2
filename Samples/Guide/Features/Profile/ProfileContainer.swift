public import GuideCore
public import Strata

/// The profile's feature tier, under the signed-in session.
///
/// It lives from opening the profile to leaving it. Its parent is any ``ProfileParent`` —
/// in the app, the session's container — so this feature never imports the app. What it
/// opens below it — the edit-name form, a contact form — it describes as a
/// ``Destination``, and the screen that shows the profile makes and ends.
public final class ProfileContainer<Parent: ProfileParent>: Container {
    /// The profile's feature scope, under the session.
    public let scope: FeatureScope<Parent>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the profile's container.
    ///
    /// - Parameters:
    ///   - parent: The container the profile lives under: the signed-in session's.
    ///   - onClose: Called on the main actor when the user leaves the profile.
    public init(
        parent: Parent, onClose: @escaping @MainActor @Sendable () -> Void = {}
    ) {
        self.onClose = onClose
        self.scope = FeatureScope(parent: parent)
    }

    /// The profile, to open under `parent`: `profile`.
    ///
    /// The profile lives under `parent` whichever screen opens it.
    ///
    /// - Parameter parent: The container the profile lives under: the signed-in session's.
    /// - Returns: The destination; the screen that opens it makes the profile's container.
    public static func destination(under parent: Parent) -> Destination {
        Destination("profile") { _, onClose in ProfileContainer(parent: parent, onClose: onClose) }
    }

    /// The profile's view model.
    ///
    /// It opens ``editName`` itself, and asks for contact support through
    /// ``ContactSupport`` from the container its screen passes; leaving the profile calls the
    /// `onClose` the profile was made with.
    public var profileViewModel: MainActorProvider<ProfileViewModel> {
        shared {
            ProfileViewModel(
                user: self.user(), notificationPreferences: self.notificationPreferences(),
                editName: self.editName, onClose: self.onClose)
        }
    }

    /// The edit-name form, to open under the profile: `editName`.
    public var editName: Destination {
        let (user, sessionRepository) = (self.user, self.sessionRepository)
        return Destination("editName") { host, onClose in
            EditNameFormContainer(
                parent: host, user: user, sessionRepository: sessionRepository, onClose: onClose)
        }
    }
}
