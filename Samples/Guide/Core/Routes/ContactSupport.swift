public import Strata

/// Asks where to write to support about `topic`: the answer is a ``Destination``, a contact
/// form that the asker's screen opens under its own container.
///
/// The profile performs it for "contact support about my account" and the contact feature
/// answers it, though neither imports the other: both see only this type. The asker makes
/// nothing: the screen that shows it makes the form's container when the destination opens
/// and ends it when the form closes.
///
/// ```swift
/// // The contact feature answers, wired by the app in the session's container:
/// signedIn.answerContactSupport()
///
/// // The profile asks:
/// let destination = try profile.perform(ContactSupport(about: "my account"))
/// ```
public struct ContactSupport: Route {
    /// The contact form to open.
    public typealias Output = Destination

    /// What the message is about, in the user's words, kept with it: `my account`; `nil`
    /// when the user writes about nothing in particular.
    public var topic: String?

    /// Makes the request.
    ///
    /// - Parameter topic: What the message is about, if anything in particular.
    public init(about topic: String? = nil) {
        self.topic = topic
    }
}
