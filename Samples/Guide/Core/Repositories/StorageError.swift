import Foundation

/// Why a repository could not read or write its file.
///
/// Every description says which file, what went wrong, and what happened to the file.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but its contents are not what the app wrote. It was moved aside,
    /// never deleted, so that it can be looked at.
    case corrupt(file: String, movedTo: String, reason: String)
    /// The file exists but could not be read, or a corrupt file could not be moved aside.
    case unreadable(file: String, reason: String)
    /// The file could not be written or removed.
    case unwritable(file: String, reason: String)

    /// What went wrong, with the file's path.
    public var description: String {
        switch self {
        case .corrupt(let file, let movedTo, let reason):
            "\(file) could not be read: \(Self.sentence(reason)) It was moved aside to \(movedTo)."
        case .unreadable(let file, let reason):
            "\(file) could not be read: \(Self.sentence(reason))"
        case .unwritable(let file, let reason):
            "\(file) could not be written: \(Self.sentence(reason))"
        }
    }

    /// `reason` ended with one full stop: the system's own reasons end with one already.
    private static func sentence(_ reason: String) -> String {
        reason.hasSuffix(".") ? reason : reason + "."
    }
}

extension StorageError {
    /// A short account of why decoding failed, for a person to read: `it is not valid JSON`.
    ///
    /// Every store that moves a corrupt file aside says why with it, so the reasons read
    /// alike whichever store found the file.
    ///
    /// - Parameter error: What the decoder threw.
    /// - Returns: The reason, to go in ``corrupt(file:movedTo:reason:)``.
    public static func reason(forDecoding error: any Error) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .keyNotFound(let key, _):
            return "it has no \"\(key.stringValue)\""
        case .dataCorrupted(let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\"\(path)\" does not hold what the guide wrote there"
        @unknown default:
            return "\(error)"
        }
    }
}
