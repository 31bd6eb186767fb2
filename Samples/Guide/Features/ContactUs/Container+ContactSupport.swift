public import GuideCore
public import Strata

extension Container {
    /// Answers ``ContactSupport`` for this container and every container below it, until
    /// this container ends: each request gets a contact form under the container that asked,
    /// about the topic it names.
    ///
    /// The app calls it where contact support makes sense — the signed-in session — so that
    /// the profile can reach the contact form without importing this feature.
    ///
    /// ```swift
    /// signedIn.answerContactSupport(outbox: app.outbox)
    /// ```
    ///
    /// - Parameter outbox: Where the forms keep their messages: the app's outbox.
    public func answerContactSupport(outbox: Provider<any OutboxRepository>) {
        handle(ContactSupport.self) { route in
            ContactUsFormContainer(
                parent: route.host, outbox: outbox, topic: route.topic, onClose: route.onClose)
        }
    }
}
