/// Where a session notes what was listened to, until it flushes at sign-out.
public protocol ListeningLog: Sendable {
    /// Notes that `episode` was started.
    func record(_ episode: Episode.ID) async
}
