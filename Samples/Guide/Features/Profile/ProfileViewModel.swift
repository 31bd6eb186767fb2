public import GuideCore
public import Observation
public import Strata

/// Where the profile is: showing the user's details, or showing a child below them — the
/// edit-name form, a contact form.
public enum ProfileViewStatus: Hashable, Sendable {
    /// The details and the profile menu.
    case viewing
    /// A child is open below the profile: the screen makes its container from the
    /// destination, and ends it when the status moves on.
    case showing(Destination)
}

/// The profile's view model, in the profile's feature tier
/// (``ProfileContainer/profileViewModel``): the user's name, email address and
/// notification answer, and what the profile opens below it.
///
/// Every child opens the same way: the view model's ``status`` names a ``Destination``,
/// and the screen makes, shows and ends the child. The edit-name form is the profile's own
/// destination; the contact form is the answer to ``ContactSupport``, asked up the tree.
///
/// It is `@Observable`: a view follows ``status`` and ``supportProblem``.
@MainActor @Observable
public final class ProfileViewModel {
    /// Where the profile is.
    public private(set) var status = ProfileViewStatus.viewing
    /// The signed-in user; the edit-name form changes the name.
    public let user: Observed<UserSession>
    /// The user's notification answer, or `nil` when they have not given one.
    public let notificationChoice: NotificationChoice?
    /// Why contact support could not open, for the view to show; `nil` until it fails.
    ///
    /// Each ``contactSupport(from:)`` clears the last one first, so that a view sees the problem
    /// again when a new attempt fails the same way.
    public private(set) var supportProblem: String?

    private let editNameForm: Destination
    private let onClose: @MainActor () -> Void

    /// Makes the view model.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - notificationPreferences: Where the user's notification answer is remembered. An
    ///     answer that cannot be read shows as none.
    ///   - editName: The edit-name form.
    ///   - onClose: Called when the user leaves the profile.
    public init(
        user: Observed<UserSession>,
        notificationPreferences: any NotificationPreferenceRepository,
        editName: Destination, onClose: @escaping @MainActor () -> Void
    ) {
        self.user = user
        self.notificationChoice = try? notificationPreferences.choice(
            forUser: user.value.userID)
        self.editNameForm = editName
        self.onClose = onClose
    }

    /// Opens the edit-name form.
    public func editName() {
        guard status == .viewing else { return }
        status = .showing(editNameForm)
    }

    /// Opens a contact form about the user's account, from whichever feature answers
    /// ``ContactSupport`` above `container`.
    ///
    /// The view model keeps no container: the container keeps it. The screen, which shows
    /// the profile's container, passes it when the user asks. When no feature answers, the
    /// profile stays as it is and ``supportProblem`` says why. When the container has ended,
    /// nothing opens.
    ///
    /// - Parameter container: The profile's container, to ask from.
    public func contactSupport(from container: some Container) {
        guard status == .viewing, container.isActive else { return }
        supportProblem = nil
        do throws(StrataError) {
            status = .showing(try container.perform(ContactSupport(about: "my account")))
        } catch {
            supportProblem = Self.supportUnavailable(error)
        }
    }

    /// Returns to the details once the child below closes: the form was saved, sent or
    /// left.
    public func finish() {
        guard status != .viewing else { return }
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
