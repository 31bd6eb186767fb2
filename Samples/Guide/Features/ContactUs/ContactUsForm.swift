public import Foundation
public import GuideCore
public import Observation
public import Strata

/// The interaction tier of one contact form.
///
/// The contact form is a feature of its own: it never imports the app or another feature.
/// So it takes what it needs in its initialiser — the outbox, and what to do when the form
/// closes — and it may sit under any container: the guide, or whichever screen opened the
/// ``Destination`` that ``ContactSupport`` answered. It learns who is writing through
/// ``CurrentProfile``.
///
/// ```swift
/// let form = ContactUsFormContainer(
///     parent: guide, outbox: app.outbox(), onClose: { guide.guideViewModel().returnToWelcome() })
/// let contactUs = form.contactUsViewModel()
/// ```
public final class ContactUsFormContainer: Container {
    /// The form's interaction scope, under the container that opened it.
    public let scope: InteractionScope<any Container>
    private let outbox: any OutboxRepository
    private let topic: String?
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container.
    ///
    /// - Parameters:
    ///   - parent: The container the form belongs to; ending it ends the form.
    ///   - outbox: Where the form keeps the message: the repository, which holds no
    ///     container, so the form keeps none alive.
    ///   - topic: What the message is about, if the form was opened about something.
    ///   - onClose: Called on the main actor when the form closes, sent or not.
    public init(
        parent: some Container, outbox: any OutboxRepository,
        topic: String? = nil,
        onClose: @escaping @MainActor @Sendable () -> Void
    ) {
        self.outbox = outbox
        self.topic = topic
        self.onClose = onClose
        self.scope = InteractionScope(parent: parent)
    }

    /// Who is writing, asked up the tree through ``CurrentProfile``: the signed-in user, or
    /// `nil` when no container above the form answers — nobody is signed in, so the form
    /// asks for an address.
    public var sender: ProfileSummary? { try? perform(CurrentProfile()) }

    /// The form's view model, told the sender when someone is signed in.
    public var contactUsViewModel: MainActorProvider<ContactUsViewModel> {
        shared {
            ContactUsViewModel(
                outbox: self.outbox, sender: self.sender, topic: self.topic,
                onClose: self.onClose)
        }
    }
}

/// The contact form: an address to answer, then a message, kept in the outbox.
///
/// When the form knows the sender — someone is signed in — it answers at their address and
/// asks for the message only.
@MainActor @Observable
public final class ContactUsViewModel: FormViewModel {
    /// The contact form's fields.
    public enum Field: String, FormField {
        /// The address to answer.
        case email
        /// The message.
        case message

        /// `email`, `message`.
        public var label: String { rawValue }
    }

    /// Where the form is.
    public var status: FormStatus<Field>
    /// The signed-in user who writes, whose address is answered; `nil` when the form asks
    /// for an address.
    public let sender: ProfileSummary?
    /// What the message is about, if the form was opened about something.
    public let topic: String?

    private let outbox: any OutboxRepository
    private let now: @Sendable () -> Date
    private let onClose: @MainActor () -> Void
    private var email: String

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - outbox: Where the message is kept.
    ///   - sender: The signed-in user who writes, if any; the form then skips the address.
    ///   - topic: What the message is about, if the form was opened about something.
    ///   - now: The clock that dates the message.
    ///   - onClose: Called when the form closes, sent or not.
    public init(
        outbox: any OutboxRepository, sender: ProfileSummary? = nil, topic: String? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.outbox = outbox
        self.sender = sender
        self.topic = topic
        self.now = now
        self.onClose = onClose
        email = sender?.email ?? ""
        status = .asking(sender == nil ? .email : .message, problem: nil)
    }

    /// Takes the address or the message; the message submits the form.
    ///
    /// - Parameter text: What the user typed.
    public func enter(_ text: String) async {
        switch fieldAsked {
        case .email:
            guard let email = accept(text, for: .email, Validation.email) else { return }
            self.email = email
            ask(.message)
        case .message:
            guard let message = accept(text, for: .message, Validation.message) else { return }
            await send(ContactMessage(replyTo: email, text: message, sentAt: now(), topic: topic))
        case nil:
            return
        }
    }

    /// Goes back to the address from the message, or leaves the form — from the message
    /// too when the address is the sender's.
    public func back() {
        guard let field = fieldAsked else { return }
        if field == .message, sender == nil {
            ask(.email)
        } else {
            cancel()
        }
    }

    /// Leaves the form without sending.
    public func cancel() {
        status = .cancelled
        onClose()
    }

    /// Keeps `message`, and says the form is submitted only once the outbox has saved it.
    private func send(_ message: ContactMessage) async {
        status = .submitting
        do throws(StorageError) {
            try await outbox.keep(message)
        } catch {
            return ask(.message, .notSaved(error.description))
        }
        status = .submitted
        onClose()
    }
}
