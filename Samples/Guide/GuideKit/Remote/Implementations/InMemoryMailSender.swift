import Synchronization

/// Keeps each mail instead of sending it: for tests and previews.
public final class InMemoryMailSender: MailSender {
    private let sent = Mutex<[Mail]>([])

    /// Makes a sender that has sent nothing.
    public init() {}

    /// Keeps `mail`.
    ///
    /// - Parameter mail: The mail to keep.
    public func send(_ mail: Mail) { sent.withLock { $0.append(mail) } }

    /// Every mail sent so far, oldest first.
    public var mails: [Mail] { sent.withLock { $0 } }
}
