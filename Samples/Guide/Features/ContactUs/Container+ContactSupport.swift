public import GuideCore
public import Strata

extension Container {
    /// Plugs contact support into this container — in the app, the signed-in session — until
    /// it ends: answers ``ContactSupport`` for every container below, adds "contact support"
    /// to the ``HomeMenu``, and says what it does in ``HelpLines``.
    ///
    /// ```swift
    /// signedIn.installContactSupport(outbox: signedIn.backReference(to: \.outbox))
    /// ```
    ///
    /// The handler and the menu entry keep `outbox` until this container ends. A
    /// ``Strata/Provider`` of this container kept there would keep the container alive —
    /// dropped without an end, it would never end — so it takes a back-reference, which
    /// does not.
    ///
    /// - Parameter outbox: Where the forms keep their messages.
    public func installContactSupport(outbox: BackReference<any OutboxRepository>) {
        answerContactSupport(outbox: outbox)
        contribute(HomeMenu.self) {
            HomeEntry(
                title: "contact support",
                opens: ContactUsFormContainer.destination(about: nil, outbox: outbox))
        }
        contribute(HelpLines.self) {
            "contact support: write to us; signed in, we answer at your address."
        }
    }

    /// Answers ``ContactSupport`` for this container and every container below it, until
    /// this container ends: each request gets a contact form about the topic it names, to
    /// open under the asker's screen.
    ///
    /// ```swift
    /// signedIn.answerContactSupport(outbox: signedIn.backReference(to: \.outbox))
    /// ```
    ///
    /// - Parameter outbox: Where the forms keep their messages: the app's outbox.
    public func answerContactSupport(outbox: BackReference<any OutboxRepository>) {
        handle(ContactSupport.self) { route in
            ContactUsFormContainer.destination(about: route.topic, outbox: outbox)
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
        about topic: String?, outbox: BackReference<any OutboxRepository>
    ) -> Destination {
        Destination("contactSupport") { host, onClose in
            ContactUsFormContainer(parent: host, outbox: outbox, topic: topic, onClose: onClose)
        }
    }
}
