public import Foundation
public import GuideCore
public import Strata

/// The interaction tier of one contact form.
///
/// The contact form is a feature of its own: it never imports the app or another feature.
/// So it takes what it needs in its initialiser — the outbox, and what to do when the form
/// closes — and it may sit under any container: the guide, or whichever feature opened it.
///
/// ```swift
/// let form = ContactUsFormContainer(
///     parent: guide, outbox: app.outbox, onClose: { guide.guideViewModel().returnToWelcome() })
/// let contactUs = form.contactUsViewModel()
/// ```
public final class ContactUsFormContainer: Container {
    /// The form's interaction scope, under the container that opened it.
    public let scope: InteractionScope
    private let outbox: Provider<any OutboxRepository>
    private let onClose: @MainActor @Sendable () -> Void

    /// Makes the form's container.
    ///
    /// - Parameters:
    ///   - parent: The container the form belongs to; ending it ends the form.
    ///   - outbox: Where the form keeps the message: the app's outbox.
    ///   - onClose: Called on the main actor when the form closes, sent or not.
    public init(
        parent: some Container, outbox: Provider<any OutboxRepository>,
        onClose: @escaping @MainActor @Sendable () -> Void
    ) {
        self.outbox = outbox
        self.onClose = onClose
        self.scope = InteractionScope(parent: parent)
    }

    /// The form's view model.
    public var contactUsViewModel: MainActorProvider<ContactUsViewModel> {
        shared { ContactUsViewModel(outbox: self.outbox(), onClose: self.onClose) }
    }
}

/// The contact form: an address to answer, then a message, kept in the outbox.
@MainActor
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
    public let status = Observed(FormStatus<Field>.asking(.email, problem: nil))

    private let outbox: any OutboxRepository
    private let now: @Sendable () -> Date
    private let onClose: @MainActor () -> Void
    private var email = ""

    /// Makes the form.
    ///
    /// - Parameters:
    ///   - outbox: Where the message is kept.
    ///   - now: The clock that dates the message.
    ///   - onClose: Called when the form closes, sent or not.
    public init(
        outbox: any OutboxRepository, now: @escaping @Sendable () -> Date = Date.init,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.outbox = outbox
        self.now = now
        self.onClose = onClose
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
            send(ContactMessage(replyTo: email, text: message, sentAt: now()))
        case nil:
            return
        }
    }

    /// Leaves the form without sending.
    public func cancel() {
        status.value = .cancelled
        onClose()
    }

    private func send(_ message: ContactMessage) {
        status.value = .submitting
        do throws(StorageError) {
            try outbox.keep(message)
        } catch {
            return ask(.message, .notSaved(error.description))
        }
        status.value = .submitted
        onClose()
    }
}
