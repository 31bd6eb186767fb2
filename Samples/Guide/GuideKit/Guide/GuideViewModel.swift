public import GuideCore
public import Observation

/// Where the onboarding guide is: its welcome menu, one of its forms, or the question about
/// notifications that ends it.
public enum GuideViewStatus: String, CaseIterable, Hashable, Sendable {
    /// The welcome menu.
    case welcome
    /// The sign-in form is open.
    case signIn
    /// The sign-up form is open.
    case signUp
    /// The contact form is open.
    case contactUs
    /// The password-reset form is open.
    case resetPassword
    /// A user who just signed in or up is asked whether they want notifications.
    case requestNotification
}

/// The onboarding guide's view model: which form is open, and what happens once a user has
/// signed in or up.
///
/// It lives in the guide's feature tier (``GuideContainer/guideViewModel``). Its forms call
/// back through closures their containers hand them; it tells the app about a signed-in
/// user through the closure ``GuideContainer`` hands it. It is `@Observable`: a view follows
/// ``status``.
@MainActor @Observable
public final class GuideViewModel {
    /// Where the guide is.
    public private(set) var status = GuideViewStatus.welcome
    /// Why the last notification answer could not be remembered; `nil` when it was.
    ///
    /// The view says it. The user is signed in either way, and asked again at the next
    /// sign-in.
    public private(set) var answerProblem: StorageError?

    private let notificationPreferences: any NotificationPreferenceRepository
    private let onSignedIn: @MainActor (UserSession) -> Void
    /// The user being asked about notifications.
    private var newcomer: UserSession?

    /// Makes the view model.
    ///
    /// - Parameters:
    ///   - notificationPreferences: Where each user's notification answer is remembered.
    ///   - onSignedIn: Called with the session once onboarding is over.
    public init(
        notificationPreferences: any NotificationPreferenceRepository,
        onSignedIn: @escaping @MainActor (UserSession) -> Void
    ) {
        self.notificationPreferences = notificationPreferences
        self.onSignedIn = onSignedIn
    }

    /// Opens the sign-in form, from the welcome menu.
    public func showSignIn() { open(.signIn) }
    /// Opens the sign-up form, from the welcome menu.
    public func showSignUp() { open(.signUp) }
    /// Opens the contact form, from the welcome menu.
    public func showContactUs() { open(.contactUs) }
    /// Opens the password-reset form, from the welcome menu.
    public func showResetPassword() { open(.resetPassword) }

    /// Returns to the welcome menu: a form was closed, or the user left the notification
    /// question without answering, and so without signing in.
    public func returnToWelcome() {
        guard status != .welcome else { return }
        newcomer = nil
        status = .welcome
    }

    /// Takes the session of a user who signed in or up: asks about notifications if this
    /// user has never answered, and otherwise ends onboarding.
    ///
    /// A stored answer that cannot be read counts as no answer: the user is asked again.
    ///
    /// - Parameter session: The new session.
    public func authenticated(_ session: UserSession) {
        guard status == .signIn || status == .signUp else { return }
        if (try? notificationPreferences.choice(forUser: session.userID)) != nil {
            onSignedIn(session)
        } else {
            newcomer = session
            status = .requestNotification
        }
    }

    /// Remembers that the new user allows notifications, and ends onboarding; an answer that
    /// cannot be stored is reported in ``answerProblem``.
    public func allowNotifications() { answer(.allowed) }
    /// Remembers that the new user declines notifications, and ends onboarding; an answer
    /// that cannot be stored is reported in ``answerProblem``.
    public func denyNotifications() { answer(.denied) }

    private func open(_ form: GuideViewStatus) {
        guard status == .welcome else { return }
        status = form
    }

    private func answer(_ choice: NotificationChoice) {
        guard status == .requestNotification, let newcomer else { return }
        answerProblem = nil
        do throws(StorageError) {
            try notificationPreferences.remember(choice, forUser: newcomer.userID)
        } catch {
            answerProblem = error
        }
        self.newcomer = nil
        onSignedIn(newcomer)
    }
}
