/// Why a form refused a value, in words a user can act on.
public enum FormProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was typed; the field needs a value. The associated value names it.
    case empty(String)
    /// The name is longer than `limit` characters.
    case nameTooLong(limit: Int)
    /// The new name is the name the user already has.
    case sameName
    /// The text is not an email address.
    case invalidEmail(String)
    /// The new password is shorter than `minimum` characters.
    case passwordTooShort(minimum: Int)
    /// The new password lacks a letter or a digit.
    case passwordNeedsLetterAndDigit
    /// The message is shorter than `minimum` characters.
    case messageTooShort(minimum: Int)
    /// The message is longer than `limit` characters.
    case messageTooLong(limit: Int)
    /// The authentication API knows no account with this email address and password.
    case wrongEmailOrPassword
    /// The authentication API has an account with this email address already.
    case emailTaken(String)
    /// The value was valid but could not be stored; the reason says why.
    case notSaved(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .empty(let field):
            "Please enter your \(field)."
        case .nameTooLong(let limit):
            "That name is too long: use at most \(limit) characters."
        case .sameName:
            "That is already your name. Type a different one, or :back to keep it."
        case .invalidEmail(let text):
            "'\(text)' is not an email address. Type one like ada@example.com."
        case .passwordTooShort(let minimum):
            "That password is too short: use at least \(minimum) characters."
        case .passwordNeedsLetterAndDigit:
            "A password needs at least one letter and one digit."
        case .messageTooShort(let minimum):
            "Please write a little more: at least \(minimum) characters."
        case .messageTooLong(let limit):
            "That message is too long: keep it under \(limit) characters."
        case .wrongEmailOrPassword:
            "That email and password do not match an account. Try again, or :back and "
                + "choose 'reset password'."
        case .emailTaken(let email):
            "An account with \(email) exists already. Sign in instead, or use another address."
        case .notSaved(let reason):
            "That could not be saved: \(reason.hasSuffix(".") ? reason : reason + ".") "
                + "Try again, or type :back."
        }
    }
}
