public import Strata

/// Asks for a contact form about `topic`, opened under the container that asks.
///
/// The profile performs it for "contact support about my account" and the contact feature
/// answers it, though neither imports the other: both see only this type. The answer is
/// the form's container, which the asker shows and ends when the form closes.
///
/// ```swift
/// // The contact feature answers, wired by the app in the session's container:
/// signedIn.answerContactSupport(outbox: app.outbox)
///
/// // The profile asks:
/// let form = try profile.perform(
///     ContactSupport(about: "my account", under: profile, onClose: { viewModel.finish() }))
/// ```
public struct ContactSupport: Route {
    /// The contact form's container, under ``host``.
    public typealias Output = any FormContainer

    /// What the message is about, kept with it: `my account`.
    public var topic: String
    /// The container the form opens under, which must be active.
    ///
    /// When it ends, the form ends too.
    public var host: any Container
    /// Called on the main actor when the form closes, sent or not.
    public var onClose: @MainActor @Sendable () -> Void

    /// Makes the request.
    ///
    /// - Parameters:
    ///   - topic: What the message is about.
    ///   - host: The container the form opens under: the asker's own.
    ///   - onClose: Called on the main actor when the form closes, sent or not.
    public init(
        about topic: String, under host: any Container,
        onClose: @escaping @MainActor @Sendable () -> Void
    ) {
        self.topic = topic
        self.host = host
        self.onClose = onClose
    }
}
