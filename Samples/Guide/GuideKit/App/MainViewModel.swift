public import GuideCore
public import Observation

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
/// It is `@Observable`: a SwiftUI view redraws when ``status`` changes, and the console
/// follows it with tracking bound to the app container.
///
/// ```swift
/// let main = app.mainViewModel()
/// main.launch()
/// main.status   // .guiding, or .signedIn(session) when a session was stored
/// ```
@MainActor @Observable
public final class MainViewModel {
    /// Where the app is.
    public private(set) var status = MainViewStatus.launching
    /// The problem with the stored session in the last launch, sign-in or sign-out, for the
    /// view to mention; `nil` when it went well.
    ///
    /// The app carries on without the stored session when there is a problem. Each of
    /// ``launch()``, ``signedIn(_:)`` and ``signOut()`` clears the last one first, so that a
    /// view sees a new problem even when it reads the same as the last.
    public private(set) var sessionProblem: StorageError?

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
        guard status == .launching else { return }
        sessionProblem = nil
        do throws(StorageError) {
            if let session = try sessionRepository.load() {
                status = .signedIn(session)
                return
            }
        } catch {
            sessionProblem = error
        }
        status = .guiding
    }

    /// Stores `session` so that the next launch skips the guide, and shows the home.
    ///
    /// When the session cannot be stored, the user stays signed in for this run and the
    /// problem is reported in ``sessionProblem``.
    ///
    /// - Parameter session: The session the guide signed in with.
    public func signedIn(_ session: UserSession) {
        guard !isSignedIn else { return }
        sessionProblem = nil
        do throws(StorageError) {
            try sessionRepository.save(session)
        } catch {
            sessionProblem = error
        }
        status = .signedIn(session)
    }

    /// Forgets the stored session and returns to the guide.
    public func signOut() {
        guard isSignedIn else { return }
        sessionProblem = nil
        do throws(StorageError) {
            try sessionRepository.clear()
        } catch {
            sessionProblem = error
        }
        status = .guiding
    }

    private var isSignedIn: Bool {
        if case .signedIn = status { true } else { false }
    }
}
