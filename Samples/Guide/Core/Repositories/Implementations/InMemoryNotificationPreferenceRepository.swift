import Synchronization

/// Keeps each user's notification answer in memory: for tests and previews.
public final class InMemoryNotificationPreferenceRepository: NotificationPreferenceRepository {
    private let choices: Mutex<[String: NotificationChoice]>

    /// Makes a repository holding `choices`.
    ///
    /// - Parameter choices: Answers given before, by user identifier.
    public init(choices: [String: NotificationChoice] = [:]) {
        self.choices = Mutex(choices)
    }

    /// The answer the user gave, if they gave one.
    ///
    /// - Parameter userID: The user's identifier.
    /// - Returns: The answer, or `nil` when the user has not been asked.
    public func choice(forUser userID: String) -> NotificationChoice? {
        choices.withLock { $0[userID] }
    }

    /// Remembers the user's answer.
    ///
    /// - Parameters:
    ///   - choice: The answer.
    ///   - userID: The user's identifier.
    public func remember(_ choice: NotificationChoice, forUser userID: String) {
        choices.withLock { $0[userID] = choice }
    }
}
