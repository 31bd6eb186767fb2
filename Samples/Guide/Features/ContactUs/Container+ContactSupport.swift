public import GuideCore
public import Strata

/// What contact support needs from the container it is plugged into: the outbox its forms
/// keep their messages in.
///
/// The contact feature cannot name the app's session container; the session conforms to
/// this protocol instead, and the compiler checks that it has an outbox.
///
/// ```swift
/// extension SignedInContainer: ContactSupportParent {}
/// signedIn.installContactSupport()   // "contact support" on the home menu, ContactSupport
/// ```
public protocol ContactSupportParent: Container {
    /// Where the forms keep their messages.
    var outbox: Provider<any OutboxRepository> { get }
}

extension ContactSupportParent {
    /// Plugs contact support into this container — in the app, the signed-in session — until
    /// it ends: answers ``ContactSupport`` for every container below, adds "contact support"
    /// to the ``HomeMenu``, and says what it does in ``HelpLines``.
    ///
    /// ```swift
    /// signedIn.installContactSupport()
    /// ```
    ///
    /// The handler and the menu entry receive the container when they run, so they keep
    /// nothing of it: dropped without an end, the container still ends.
    public func installContactSupport() {
        answerContactSupport()
        contribute(HomeMenu.self) { parent in
            HomeEntry(
                title: "contact support",
                opens: ContactUsFormContainer.destination(about: nil, outbox: parent.outbox()))
        }
        contribute(HelpLines.self) { _ in
            "contact support: write to us; signed in, we answer at your address."
        }
    }

    /// Answers ``ContactSupport`` for this container and every container below it, until
    /// this container ends: each request gets a contact form about the topic it names, to
    /// open under the asker's screen.
    ///
    /// ```swift
    /// signedIn.answerContactSupport()
    /// ```
    public func answerContactSupport() {
        handle(ContactSupport.self) { parent, route in
            ContactUsFormContainer.destination(about: route.topic, outbox: parent.outbox())
        }
    }
}

extension ContactUsFormContainer {
    /// A contact form about `topic`, to open under any container: `contactSupport`.
    ///
    /// - Parameters:
    ///   - topic: What the message is about, if anything in particular.
    ///   - outbox: Where the form keeps the message.
    /// - Returns: The destination; the screen that opens it makes the form's container.
    public static func destination(
        about topic: String?, outbox: any OutboxRepository
    ) -> Destination {
        Destination("contactSupport") { host, onClose in
            ContactUsFormContainer(parent: host, outbox: outbox, topic: topic, onClose: onClose)
        }
    }
}
