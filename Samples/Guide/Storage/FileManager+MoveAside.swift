public import Foundation
public import GuideCore

extension FileManager {
    /// Renames `url` to `<name>.<label>-<timestamp>` beside it, with a counter if that name
    /// is taken: the file is kept for a person to look at, never deleted.
    ///
    /// - Parameters:
    ///   - url: The file to move.
    ///   - label: What the file is now: `corrupt`.
    ///   - reason: Why it is moved, for the error when it cannot be.
    ///   - date: The time in the new name.
    /// - Returns: Where the file is now.
    /// - Throws: ``StorageError/unreadable(file:reason:)`` when it cannot be moved.
    public func moveAside(_ url: URL, label: String, reason: String, at date: Date = Date())
        throws(StorageError) -> URL
    {
        let destination = unusedURL(url.appendingPathExtension("\(label)-\(Self.stamp(date))"))
        do {
            try moveItem(at: url, to: destination)
        } catch {
            throw .unreadable(
                file: url.path,
                reason: "\(reason), and it could not be moved aside (\(error.localizedDescription))"
            )
        }
        return destination
    }

    /// `url`, or `url` with `-2`, `-3`, … after it: the first that names no file.
    public func unusedURL(_ url: URL) -> URL {
        var candidate = url
        var counter = 1
        while fileExists(atPath: candidate.path) {
            counter += 1
            candidate = URL(fileURLWithPath: "\(url.path)-\(counter)")
        }
        return candidate
    }

    /// `date` in a form fit for a file name: `20250102T030405Z`.
    public static func stamp(_ date: Date) -> String {
        date.formatted(
            .iso8601.dateSeparator(.omitted).timeSeparator(.omitted).timeZoneSeparator(.omitted))
    }
}
