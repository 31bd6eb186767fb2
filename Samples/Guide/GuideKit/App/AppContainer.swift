public import Foundation
public import GuideCore
public import Strata

/// The app tier: what lives from launch to exit — the stores, the authentication API and
/// the ``MainViewModel`` — and the factory of the guide and of each signed-in session.
///
/// ```swift
/// let app = AppContainer(dataDirectory: directory, mailOutput: output)
/// app.sessionRepository.override { InMemoryUserSessionRepository() }  // in a test
/// let guide = app.makeGuideContainer()
/// ```
public final class AppContainer: Container {
    /// The app scope: the root of the tree.
    public let scope = AppScope()
    /// Where the stores keep their files.
    public let dataDirectory: URL
    private let mailOutput: any TextOutput

    /// Makes the app container.
    ///
    /// - Parameters:
    ///   - dataDirectory: Where the stores keep their files; made when first written.
    ///   - mailOutput: Where the stand-in authentication API shows the mail it would send.
    public init(dataDirectory: URL, mailOutput: any TextOutput) {
        self.dataDirectory = dataDirectory
        self.mailOutput = mailOutput
    }

    /// The signed-in session, kept in `session.json` between launches.
    public var sessionRepository: Provider<any UserSessionRepository> {
        shared { FileUserSessionRepository(directory: self.dataDirectory) }
    }

    /// Each user's notification answer, kept in `notifications.json`.
    public var notificationPreferences: Provider<any NotificationPreferenceRepository> {
        shared { FileNotificationPreferenceRepository(directory: self.dataDirectory) }
    }

    /// The contact form's messages, kept in `outbox.json`.
    public var outbox: Provider<any OutboxRepository> {
        shared { FileOutboxRepository(directory: self.dataDirectory) }
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
