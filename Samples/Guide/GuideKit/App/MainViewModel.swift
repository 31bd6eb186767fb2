public import GuideCore
public import Strata

/// Where the app is: starting, guiding a newcomer, or serving a signed-in user.
public enum MainViewStatus: Hashable, Sendable {
    /// Reading the stored session.
    case launching
    /// Nobody is signed in: the onboarding guide runs.
    case guiding
    /// `UserSession`'s user is signed in: their home runs.
    case signedIn(UserSession)
}

/// The app's top view model: it decides between the guide and the signed-in home.
///
/// It lives in the app tier (``AppContainer/mainViewModel``). At launch it reads the stored
/// session; the guide calls ``signedIn(_:)`` when onboarding succeeds, and the home calls
/// ``signOut()`` — through closures their containers hand them, so neither knows this type.
///
/// ```swift
/// let main = app.mainViewModel()
/// let watch = main.status.observe(in: app) { status in render(status) }
/// main.launch()
/// ```
@MainActor
public final class MainViewModel {
    /// Where the app is.
    public let status = Observed(MainViewStatus.launching)
    /// The last problem with the stored session, for the view to mention.
    ///
    /// It is `nil` until a problem happens; the app then carries on without the stored
    /// session.
    public let sessionProblem = Observed<StorageError?>(nil)

    private let sessionRepository: any UserSessionRepository

    /// Makes the view model.
    ///
    /// - Parameter sessionRepository: Where the signed-in session is kept between launches.
    public init(sessionRepository: any UserSessionRepository) {
        self.sessionRepository = sessionRepository
    }

    /// Reads the stored session: signed in when there is one, guiding otherwise — also
    /// when it cannot be read, after reporting the problem in ``sessionProblem``.
    public func launch() {
        guard status.value == .launching else { return }
        do throws(StorageError) {
            if let session = try sessionRepository.load() {
                status.value = .signedIn(session)
                return
            }
        } catch {
            sessionProblem.value = error
        }
        status.value = .guiding
    }

    /// Stores `session` so that the next launch skips the guide, and shows the home.
    ///
    /// When the session cannot be stored, the user stays signed in for this run and the
    /// problem is reported in ``sessionProblem``.
    ///
    /// - Parameter session: The session the guide signed in with.
    public func signedIn(_ session: UserSession) {
        guard !isSignedIn else { return }
        do throws(StorageError) {
            try sessionRepository.save(session)
        } catch {
            sessionProblem.value = error
        }
        status.value = .signedIn(session)
    }

    /// Forgets the stored session and returns to the guide.
    public func signOut() {
        guard isSignedIn else { return }
        do throws(StorageError) {
            try sessionRepository.clear()
        } catch {
            sessionProblem.value = error
        }
        status.value = .guiding
    }

    private var isSignedIn: Bool {
        if case .signedIn = status.value { true } else { false }
    }
}
