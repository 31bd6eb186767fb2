public import GuideCore
public import Observation
public import Strata

/// Where the profile is: showing the user's details, editing the name, or writing to
/// support.
public enum ProfileViewStatus: String, CaseIterable, Hashable, Sendable {
    /// The details and the profile menu.
    case viewing
    /// The edit-name form is open.
    case editingName
    /// The contact form, opened through ``ContactSupport``, is open: see
    /// ``ProfileViewModel/supportForm``.
    case contactingSupport
}

/// The profile's view model, in the profile's feature tier
/// (``ProfileContainer/profileViewModel``): the user's name, email address and
/// notification answer, and a way to contact support about the account.
///
/// It is `@Observable`: a view follows ``status`` and ``supportProblem``.
@MainActor @Observable
public final class ProfileViewModel {
    /// Asks for a contact form about the user's account, which calls its argument when it
    /// closes: the form's container, or `nil` when there is nothing to open it under.
    ///
    /// It throws ``StrataError/routeNotFound(route:searched:)`` when nobody answers
    /// ``ContactSupport``.
    public typealias SupportRequest =
        @MainActor (_ onClose: @escaping @MainActor @Sendable () -> Void) throws(StrataError)
        -> (any FormContainer)?

    /// Where the profile is.
    public private(set) var status = ProfileViewStatus.viewing
    /// The signed-in user; the edit-name form changes the name.
    public let user: Observed<UserSession>
    /// The user's notification answer, or `nil` when they have not given one.
    public let notificationChoice: NotificationChoice?
    /// Why contact support could not open, for the view to show; `nil` until it fails.
    ///
    /// Each ``contactSupport()`` clears the last one first, so that a view sees the problem
    /// again when a new attempt fails the same way.
    public private(set) var supportProblem: String?
    /// The contact form's container while ``status`` is
    /// ``ProfileViewStatus/contactingSupport``; the view shows its form.
    public private(set) var supportForm: (any FormContainer)?

    private let requestSupport: SupportRequest
    private let onClose: @MainActor () -> Void

    /// Makes the view model.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - notificationPreferences: Where the user's notification answer is remembered. An
    ///     answer that cannot be read shows as none.
    ///   - contactSupport: Asks for a contact form about the account. By default nothing
    ///     opens, as in a preview without the contact feature.
    ///   - onClose: Called when the user leaves the profile.
    public init(
        user: Observed<UserSession>,
        notificationPreferences: any NotificationPreferenceRepository,
        contactSupport: @escaping SupportRequest = { _ in nil },
        onClose: @escaping @MainActor () -> Void
    ) {
        self.user = user
        self.notificationChoice = try? notificationPreferences.choice(
            forUser: user.value.userID)
        self.requestSupport = contactSupport
        self.onClose = onClose
    }

    /// Opens the edit-name form.
    public func editName() {
        guard status == .viewing else { return }
        status = .editingName
    }

    /// Returns to the details once the edit-name form closes.
    public func finishEditing() {
        guard status == .editingName else { return }
        status = .viewing
    }

    /// Opens a contact form about the user's account, from whichever feature answers
    /// ``ContactSupport``.
    ///
    /// When none does, the profile stays as it is and ``supportProblem`` says why.
    public func contactSupport() {
        guard status == .viewing else { return }
        supportProblem = nil
        do throws(StrataError) {
            let form = try requestSupport { [weak self] in self?.finishContactingSupport() }
            guard let form else { return }
            supportForm = form
            status = .contactingSupport
        } catch {
            supportProblem = Self.supportUnavailable(error)
        }
    }

    /// Returns to the details once the contact form closes, sent or not.
    public func finishContactingSupport() {
        guard status == .contactingSupport else { return }
        supportForm = nil
        status = .viewing
    }

    /// Leaves the profile.
    public func close() { onClose() }

    /// What the profile says when nobody answers ``ContactSupport``: that nothing was
    /// opened, and Strata's account of where it looked.
    ///
    /// - Parameter error: The error `perform` threw.
    /// - Returns: The text for ``supportProblem``.
    public static func supportUnavailable(_ error: StrataError) -> String {
        "Contact support is not available here, so nothing was opened. (\(error))"
    }
}
