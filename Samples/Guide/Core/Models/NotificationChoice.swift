/// A user's answer to "May we send you notifications?", remembered per user.
public enum NotificationChoice: String, Codable, Hashable, Sendable {
    /// The user allows notifications.
    case allowed
    /// The user does not want notifications.
    case denied
}
