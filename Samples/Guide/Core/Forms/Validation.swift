import Foundation

/// The rules every form checks its values against, in one place.
///
/// Each rule returns the value to keep — trimmed, and for an email address lowercased —
/// or throws the ``FormProblem`` to show. Every feature's forms use them, so a name or an
/// address means the same everywhere.
public enum Validation {
    /// A name has at most this many characters.
    public static let nameLimit = 50
    /// A new password has at least this many characters.
    public static let passwordMinimum = 8
    /// A contact message has at least this many characters.
    public static let messageMinimum = 10
    /// A contact message has at most this many characters.
    public static let messageLimit = 1000

    /// A name: trimmed, not empty, at most ``nameLimit`` characters.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The trimmed name.
    /// - Throws: ``FormProblem/empty(_:)`` or ``FormProblem/nameTooLong(limit:)``.
    public static func name(_ text: String) throws(FormProblem) -> String {
        let name = text.trimmed
        guard !name.isEmpty else { throw .empty("name") }
        guard name.count <= nameLimit else { throw .nameTooLong(limit: nameLimit) }
        return name
    }

    /// An address with one `@`, something before it, and a domain with a dot inside.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The address, trimmed and lowercased.
    /// - Throws: ``FormProblem/empty(_:)`` or ``FormProblem/invalidEmail(_:)``.
    public static func email(_ text: String) throws(FormProblem) -> String {
        let email = text.trimmed.lowercased()
        guard !email.isEmpty else { throw .empty("email address") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace),
            let dot = parts[1].lastIndex(of: "."),
            dot != parts[1].startIndex, parts[1].index(after: dot) != parts[1].endIndex
        else { throw .invalidEmail(text.trimmed) }
        return email
    }

    /// The password of a new account: long enough, with a letter and a digit.
    ///
    /// It is kept as typed, spaces included.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The password, as typed.
    /// - Throws: ``FormProblem/empty(_:)``, ``FormProblem/passwordTooShort(minimum:)`` or
    ///   ``FormProblem/passwordNeedsLetterAndDigit``.
    public static func newPassword(_ text: String) throws(FormProblem) -> String {
        guard !text.isEmpty else { throw .empty("password") }
        guard text.count >= passwordMinimum else {
            throw .passwordTooShort(minimum: passwordMinimum)
        }
        guard text.contains(where: \.isLetter), text.contains(where: \.isNumber) else {
            throw .passwordNeedsLetterAndDigit
        }
        return text
    }

    /// The password given at sign-in: anything but nothing.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The password, as typed.
    /// - Throws: ``FormProblem/empty(_:)``.
    public static func password(_ text: String) throws(FormProblem) -> String {
        guard !text.isEmpty else { throw .empty("password") }
        return text
    }

    /// A contact message: trimmed, from ``messageMinimum`` to ``messageLimit`` characters.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The trimmed message.
    /// - Throws: ``FormProblem/empty(_:)``, ``FormProblem/messageTooShort(minimum:)`` or
    ///   ``FormProblem/messageTooLong(limit:)``.
    public static func message(_ text: String) throws(FormProblem) -> String {
        let message = text.trimmed
        guard !message.isEmpty else { throw .empty("message") }
        guard message.count >= messageMinimum else {
            throw .messageTooShort(minimum: messageMinimum)
        }
        guard message.count <= messageLimit else { throw .messageTooLong(limit: messageLimit) }
        return message
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
