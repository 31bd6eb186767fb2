// What FeatureModules.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target: what a container's
// nonisolated provider makes says `Sendable` and holds nothing main-actor, and what the
// main actor makes sits behind a `MainActorProvider`. What the blocks' public declarations
// name is public, as the shared module of an app of several modules declares it.

/// The signed-in user.
public struct UserSession: Sendable {
    /// The user's name.
    public let name: String
}

/// What the profile tells another feature of the user.
public struct ProfileSummary: Sendable {
    /// The user's name.
    public let name: String
    /// The summary of a session's user.
    public init(_ session: UserSession) { name = session.name }
}

/// Where the sessions are kept.
public protocol UserSessionRepository: Sendable {}
/// Where the notification answers are kept.
public protocol NotificationPreferenceRepository: Sendable {}

final class FileUserSessionRepository: UserSessionRepository {}
final class FileNotificationPreferences: NotificationPreferenceRepository {}

/// The profile screen's view model.
public final class ProfileViewModel: Sendable {
    let user: Observed<UserSession>
    let preferences: any NotificationPreferenceRepository

    init(user: Observed<UserSession>, preferences: any NotificationPreferenceRepository) {
        self.user = user
        self.preferences = preferences
    }
}

/// What a home-menu entry opens: a recipe for a container.
public struct Destination: Sendable {}

/// An entry of the home menu.
public struct HomeEntry: Sendable {
    /// The entry's title.
    public let title: String
    /// What choosing it opens.
    public let destination: Destination

    /// Makes an entry.
    public init(title: String, opens destination: Destination) {
        self.title = title
        self.destination = destination
    }
}

/// The lines of `:help`, one per feature.
public enum HelpLines: ContributionKey {
    /// A line.
    public typealias Element = String
}

extension ProfileContainer {
    static func destination(under parent: Parent) -> Destination { Destination() }
}

// The app's containers: the app declares the stores, the session the user.
final class AppContainer: Container {
    let scope = AppScope()
    var sessionRepository: Provider<any UserSessionRepository> {
        shared { FileUserSessionRepository() }
    }
    var notificationPreferences: Provider<any NotificationPreferenceRepository> {
        shared { FileNotificationPreferences() }
    }
}

final class SignedInContainer: Container {
    let scope: SessionScope<AppContainer>
    init(parent: AppContainer) { scope = SessionScope(parent: parent) }
    var user: MainActorProvider<Observed<UserSession>> {
        shared { Observed(UserSession(name: "Ada")) }
    }
}

// The contact form, a feature under the session that does not import the profile.
final class ContactFormContainer: Container {
    let scope: FeatureScope<SignedInContainer>
    init(parent: SignedInContainer) { scope = FeatureScope(parent: parent) }
}

let signedIn = SignedInContainer(parent: AppContainer())
let contactForm = ContactFormContainer(parent: signedIn)

/// The edit-name form's draft.
public final class NameDraft: Sendable {
    /// The name as typed so far.
    public let name: String
    /// A draft that starts from `name`.
    public init(_ name: String) { self.name = name }
}
