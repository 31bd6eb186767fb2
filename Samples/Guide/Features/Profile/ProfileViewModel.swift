public import GuideCore
public import Strata

/// Where the profile is: showing the user's details, or editing the name.
public enum ProfileViewStatus: String, CaseIterable, Hashable, Sendable {
    /// The details and the profile menu.
    case viewing
    /// The edit-name form is open.
    case editingName
}

/// The profile's view model, in the profile's feature tier
/// (``ProfileContainer/profileViewModel``): the user's name, email address and
/// notification answer.
@MainActor
public final class ProfileViewModel {
    /// Where the profile is.
    public let status = Observed(ProfileViewStatus.viewing)
    /// The signed-in user; the edit-name form changes the name.
    public let user: Observed<UserSession>
    /// The user's notification answer, or `nil` when they have not given one.
    public let notificationChoice: NotificationChoice?

    private let onClose: @MainActor () -> Void

    /// Makes the view model.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - notificationPreferences: Where the user's notification answer is remembered. An
    ///     answer that cannot be read shows as none.
    ///   - onClose: Called when the user leaves the profile.
    public init(
        user: Observed<UserSession>,
        notificationPreferences: any NotificationPreferenceRepository,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.user = user
        self.notificationChoice = try? notificationPreferences.choice(
            forUser: user.value.userID)
        self.onClose = onClose
    }

    /// Opens the edit-name form.
    public func editName() {
        guard status.value == .viewing else { return }
        status.value = .editingName
    }

    /// Returns to the details once the edit-name form closes.
    public func finishEditing() {
        guard status.value == .editingName else { return }
        status.value = .viewing
    }

    /// Leaves the profile.
    public func close() { onClose() }
}
