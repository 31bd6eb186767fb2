public import Foundation
public import GuideCore
public import GuideProfileFeature
public import Strata

/// The app tier: what lives from launch to exit — the feature toggles, the storage, the
/// authentication API and the ``MainViewModel`` — and the factory of the guide and of each
/// signed-in session.
///
/// The app is made after its start-up steps, in order: the feature toggles are resolved,
/// then the storage they pick is readied, and both are handed in. Those steps, and the
/// storage engines, are `GuideStorage`'s, and the `guide` executable runs them: it is the
/// one place that names an engine. The app sees only GuideCore's protocols — a ``Storage``
/// with a repository of each kind, a ``ToggleReport`` — so GuideKit imports no engine and
/// nothing is moved or checked later, inside a provider.
///
/// ```swift
/// // In the `guide` executable's start-up (GuideStorage):
/// let storage = StorageStartup.run(dataDirectory: directory, toggles: toggles)
/// let app = AppContainer(
///     dataDirectory: directory, mailOutput: output, toggles: toggles, storage: storage)
/// app.sessionRepository.override { InMemoryUserSessionRepository() }  // in a test
/// let guide = app.makeGuideContainer()
/// ```
public final class AppContainer: Container {
    /// The app scope: the root of the tree.
    public let scope = AppScope()
    /// Where the stores keep their files.
    public let dataDirectory: URL
    /// The feature toggles for this run, for the console's `:toggles`.
    public let toggles: any ToggleReport
    /// The storage start-up readied: the repositories of the engine in use, and what
    /// readying it did, which the console shows before the first screen.
    public let storage: any Storage
    private let mailOutput: any TextOutput

    /// Makes the app container once the start-up steps have run.
    ///
    /// - Parameters:
    ///   - dataDirectory: Where the stores keep their files; made when first written.
    ///   - mailOutput: Where the stand-in authentication API shows the mail it would send.
    ///   - toggles: The feature toggles for this run, resolved at start-up.
    ///   - storage: The storage readied at start-up for these toggles.
    public init(
        dataDirectory: URL, mailOutput: any TextOutput, toggles: any ToggleReport,
        storage: any Storage
    ) {
        self.dataDirectory = dataDirectory
        self.mailOutput = mailOutput
        self.toggles = toggles
        self.storage = storage
    }

    /// The signed-in session, with the user's edited name, kept between launches.
    public var sessionRepository: Provider<any UserSessionRepository> {
        shared { self.storage.sessions }
    }

    /// Each user's notification answer.
    public var notificationPreferences: Provider<any NotificationPreferenceRepository> {
        shared { self.storage.notificationPreferences }
    }

    /// The contact form's messages.
    public var outbox: Provider<any OutboxRepository> {
        shared { self.storage.outbox }
    }

    /// Where the authentication API's mail goes: shown on the console.
    public var mailSender: Provider<any MailSender> {
        shared { PrintingMailSender(output: self.mailOutput) }
    }

    /// The authentication API: a stand-in in the process, with its accounts, for the whole
    /// run.
    public var authentication: Provider<any AuthenticationAPI> {
        shared { LocalAuthenticationAPI(mailSender: self.mailSender()) }
    }

    /// The app's top view model.
    public var mainViewModel: MainActorProvider<MainViewModel> {
        shared { MainViewModel(sessionRepository: self.sessionRepository()) }
    }

    /// Makes the guide's container: a feature under the app, for as long as nobody is
    /// signed in.
    ///
    /// - Returns: The container; end it when the guide closes.
    public func makeGuideContainer() -> GuideContainer { GuideContainer(parent: self) }

    /// Makes the container of a signed-in session: a session tier under the app, from
    /// sign-in to sign-out.
    ///
    /// - Parameter session: The signed-in user's session.
    /// - Returns: The container; end it at sign-out.
    public func makeSignedInContainer(for session: UserSession) -> SignedInContainer {
        SignedInContainer(parent: self, session: session)
    }

    /// The onboarding guide, to open under the app while nobody is signed in: `guide`.
    ///
    /// The guide never closes itself — it signs a user in through the ``MainViewModel``,
    /// whose status then closes it — so it has no use for the `onClose` it is opened with.
    public var guide: Destination {
        Destination("guide") { _, _ in self.makeGuideContainer() }
    }

    /// The signed-in home of `session`, to open under the app from sign-in to sign-out:
    /// `home`.
    ///
    /// The home never closes itself — sign-out goes through the ``MainViewModel``, whose
    /// status then closes it — so it has no use for the `onClose` it is opened with.
    ///
    /// - Parameter session: The signed-in user's session.
    /// - Returns: The destination; the screen that opens it makes the session's container.
    public func home(for session: UserSession) -> Destination {
        Destination("home") { _, _ in self.makeSignedInContainer(for: session) }
    }
}

/// The app keeps the profile's stores, for every session under it.
extension AppContainer: ProfileStores {}
