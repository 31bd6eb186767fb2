public import Foundation
public import GuideCore

/// The JSON engine's notification answers: every user's in `notifications.json` in the data
/// directory, written atomically.
public struct FileNotificationPreferenceRepository: NotificationPreferenceRepository {
    private let file: JSONFile<[String: NotificationChoice]>

    /// Makes a repository that keeps the answers in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory; it is made on the first answer.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    public init(directory: URL, disk: any Disk = SystemDisk()) {
        file = JSONFile(
            directory: directory, name: JSONFileStorage.FileName.notifications, disk: disk)
    }

    /// The answer the user gave, if they gave one.
    ///
    /// - Parameter userID: The user's identifier.
    /// - Returns: The answer, or `nil` when the user has not been asked.
    /// - Throws: ``StorageError`` when `notifications.json` cannot be read; a corrupt file
    ///   is moved aside first.
    public func choice(forUser userID: String) throws(StorageError) -> NotificationChoice? {
        try file.read()?[userID]
    }

    /// Remembers the user's answer, keeping the other users' answers.
    ///
    /// - Parameters:
    ///   - choice: The answer.
    ///   - userID: The user's identifier.
    /// - Throws: ``StorageError`` when `notifications.json` cannot be written.
    public func remember(_ choice: NotificationChoice, forUser userID: String)
        throws(StorageError)
    {
        var choices: [String: NotificationChoice]
        do throws(StorageError) {
            choices = try file.read() ?? [:]
        } catch .corrupt {
            choices = [:]  // Moved aside by read(); start a new file.
        }
        choices[userID] = choice
        try file.write(choices)
    }

    /// Every user's answer, by user identifier, for the engine that owns the file.
    func choices() throws(StorageError) -> [String: NotificationChoice] {
        try file.read() ?? [:]
    }

    /// `notifications.json`, for the engine that owns it.
    var url: URL { file.url }
}
