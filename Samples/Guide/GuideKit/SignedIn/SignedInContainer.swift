public import GuideContactFeature
public import GuideCore
public import GuideProfileFeature
public import Strata

/// The session tier, under the app: one signed-in user, from sign-in to sign-out.
///
/// Its features — the profile, contact forms — sit under it, so sign-out ends them all at
/// once. It is where the app plugs its features in: it answers ``CurrentProfile`` for the
/// contact form, and each feature's install call adds its ``HomeMenu`` entry and
/// ``HelpLines`` — the contact feature also answers ``ContactSupport`` for the profile. All
/// of it ends with the session.
///
/// ```swift
/// let signedIn = app.makeSignedInContainer(for: session)
/// let home = signedIn.homeViewModel()
/// // … sign-out: the outbox's pending writes are awaited, up to the deadline
/// let report = await signedIn.endAndWait(within: .seconds(5))   // the flush is done
/// ```
public final class SignedInContainer: Container {
    /// The session scope, under the app.
    public let scope: SessionScope<AppContainer>
    /// The session the user signed in with.
    public let session: UserSession

    /// Makes the container of a signed-in session.
    ///
    /// - Parameters:
    ///   - parent: The app container.
    ///   - session: The signed-in user's session.
    public init(parent: AppContainer, session: UserSession) {
        self.session = session
        self.scope = SessionScope(parent: parent)
        answerCurrentProfile()
        // Each feature plugs in here; the home menu lists them in this order.
        installProfile()
        installContactSupport()
    }

    /// The session's outbox, for the contact forms under it: messages are written to the
    /// app's outbox in the background, and sign-out awaits the last write.
    ///
    /// The outbox is ``Strata/AsyncScopeBound``: ending the session with
    /// ``Strata/Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` flushes it before
    /// the session is released, and a session released without an end starts the flush.
    public var outbox: Provider<any OutboxRepository> {
        shared { SessionOutbox(store: self.parent.outbox()) }
    }

    /// Answers ``CurrentProfile`` below the session with the user as they are now, new
    /// name included.
    ///
    /// The handler receives the session when it runs, so it keeps nothing alive: the
    /// session's end takes it away.
    private func answerCurrentProfile() {
        handle(CurrentProfile.self) { session, _ in ProfileSummary(session.user().value) }
    }

    /// The signed-in user as they are now: the session, with any change to their name.
    public var user: Provider<Observed<UserSession>> {
        shared { Observed(self.session) }
    }

    /// The home's view model.
    ///
    /// Sign-out goes to the app's main view model.
    public var homeViewModel: MainActorProvider<HomeViewModel> {
        shared {
            let main = self.mainViewModel()
            return HomeViewModel(user: self.user(), onSignOut: { main.signOut() })
        }
    }
}

/// The session gives the profile its user; the stores the profile also needs are the app's.
extension SignedInContainer: ProfileParent {}

/// The session gives contact support its outbox.
extension SignedInContainer: ContactSupportParent {}
