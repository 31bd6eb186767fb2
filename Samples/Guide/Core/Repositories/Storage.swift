/// Where the app keeps its data, as the app sees it: one repository of each kind, and what
/// readying them at start-up did.
///
/// The app container is handed one (`GuideKit`'s `AppContainer.storage`) and asks
/// it for nothing else, so nothing in the app can tell which storage engine is behind the
/// repositories, or whether a migration ran. The `guide` executable hands in what
/// `GuideStorage`'s start-up readied; a test may hand in repositories in memory.
///
/// ```swift
/// let storage = StorageStartup.run(dataDirectory: directory, toggles: toggles)
/// let app = AppContainer(
///     dataDirectory: directory, mailOutput: output, toggles: toggles, storage: storage)
/// try app.sessionRepository().load()   // from whichever engine start-up chose
/// ```
public protocol Storage: Sendable {
    /// The signed-in session, with the user's edited name.
    var sessions: any UserSessionRepository { get }
    /// Each user's notification answer.
    var notificationPreferences: any NotificationPreferenceRepository { get }
    /// The contact form's messages.
    var outbox: any OutboxRepository { get }
    /// What to tell the user about the storage before the first screen, one line each:
    /// none when start-up had nothing to say.
    var notice: [String] { get }
}
