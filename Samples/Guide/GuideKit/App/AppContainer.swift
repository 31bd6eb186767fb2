public import Foundation
public import GuideCore
public import Strata

/// The app tier: what lives from launch to exit — the feature toggles, the storage, the
/// authentication API and the ``MainViewModel`` — and the factory of the guide and of each
/// signed-in session.
///
/// The `journal-storage` toggle picks the storage engine here, and only here: the
/// repositories the rest of the app gets are the same protocols either way.
///
/// ```swift
/// let app = AppContainer(dataDirectory: directory, mailOutput: output, toggles: toggles)
/// app.sessionRepository.override { InMemoryUserSessionRepository() }  // in a test
/// let guide = app.makeGuideContainer()
/// ```
public final class AppContainer: Container {
    /// The app scope: the root of the tree.
    public let scope = AppScope()
    /// Where the stores keep their files.
    public let dataDirectory: URL
    /// The feature toggles for this run.
    public let toggles: FeatureToggles
    private let mailOutput: any TextOutput

    /// Makes the app container.
    ///
    /// - Parameters:
    ///   - dataDirectory: Where the stores keep their files; made when first written.
    ///   - mailOutput: Where the stand-in authentication API shows the mail it would send.
    ///   - toggles: The feature toggles for this run; the built-in defaults if not given.
    public init(
        dataDirectory: URL, mailOutput: any TextOutput, toggles: FeatureToggles = FeatureToggles()
    ) {
        self.dataDirectory = dataDirectory
        self.mailOutput = mailOutput
        self.toggles = toggles
    }

    /// The storage for this run: the engine the `journal-storage` toggle picks, with the
    /// data moved into it first if the other engine holds it.
    ///
    /// The first use runs the move; the console uses it before anything else so that it
    /// can show the ``StorageStartup/notice``.
    public var storage: Provider<StorageStartup> {
        shared {
            StorageMigrator(directory: self.dataDirectory)
                .start(wanting: self.toggles.isOn(.journalStorage) ? .journal : .jsonFiles)
        }
    }

    /// The signed-in session, with the user's edited name, kept between launches.
    public var sessionRepository: Provider<any UserSessionRepository> {
        shared { self.storage().engine.sessions }
    }

    /// Each user's notification answer.
    public var notificationPreferences: Provider<any NotificationPreferenceRepository> {
        shared { self.storage().engine.notificationPreferences }
    }

    /// The contact form's messages.
    public var outbox: Provider<any OutboxRepository> {
        shared { self.storage().engine.outbox }
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
}
