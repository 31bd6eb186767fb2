public import GuideCore
public import Strata
import Synchronization

/// The signed-in session's outbox: the contact form's messages, kept at once and written to
/// the app's outbox in the background, in order.
///
/// A message the form keeps is pending until its write — its send to the storage engine —
/// is done; ``messages()`` lists the pending ones after the written ones, so nothing looks
/// lost meanwhile. At sign-out the session ends with
/// ``Strata/Container/endAndWait(within:fileID:filePath:line:column:)``, which awaits ``scopeDidEnd()``: the flush of
/// every pending message. The journal engine syncs each line it appends to disk, so a
/// flushed message is on disk. A write still running at the deadline is reported in the
/// end report's ``Strata/EndReport/overran``, and the message stays pending in this outbox
/// until it is written.
///
/// ```swift
/// let outbox = SessionOutbox(store: app.outbox()) { work in signedIn.task { await work() } }
/// try outbox.keep(message)        // returns at once; written in the background
/// await outbox.flush()            // written
/// ```
public final class SessionOutbox: OutboxRepository, AsyncScopeBound {
    private struct State {
        var pending: [ContactMessage] = []
        var isSending = false
        var flushed: [CheckedContinuation<Void, Never>] = []
    }

    private let store: any OutboxRepository
    private let start: @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never>
    private let state = Mutex(State())

    /// Makes the session's outbox.
    ///
    /// - Parameters:
    ///   - store: Where the messages go: the app's outbox, in the storage engine.
    ///   - start: Starts the background sends: a task of the session's container, so that
    ///     its end waits for them.
    public init(
        store: any OutboxRepository,
        start: @escaping @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never>
    ) {
        self.store = store
        self.start = start
    }

    /// Adds `message` to the outbox and starts sending it, unless a send is running; that
    /// send takes it next.
    ///
    /// - Parameter message: The message to keep.
    public func keep(_ message: ContactMessage) {
        let startsSending = state.withLock { state in
            state.pending.append(message)
            defer { state.isSending = true }
            return !state.isSending
        }
        if startsSending { _ = start { [self] in await sendPending() } }
    }

    /// The written messages, oldest first, then the pending ones.
    ///
    /// - Returns: The messages.
    /// - Throws: ``GuideCore/StorageError`` when the app's outbox cannot be read.
    public func messages() throws(StorageError) -> [ContactMessage] {
        let pending = state.withLock(\.pending)
        return try store.messages() + pending
    }

    /// The messages not written yet.
    public var pending: [ContactMessage] { state.withLock(\.pending) }

    /// Returns once every pending message is written, or a write failed.
    public func flush() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withLock { state in
                if state.isSending { state.flushed.append(continuation) }
                return !state.isSending
            }
            if isIdle { continuation.resume() }
        }
    }

    /// Flushes the outbox when the session ends.
    public func scopeDidEnd() async { await flush() }

    /// Writes the pending messages in order; a message whose write fails stays pending.
    private func sendPending() async {
        while let next = state.withLock({ $0.pending.first }) {
            do throws(StorageError) {
                try store.keep(next)
            } catch {
                break
            }
            state.withLock { _ = $0.pending.removeFirst() }
        }
        let flushed = state.withLock { state in
            state.isSending = false
            defer { state.flushed = [] }
            return state.flushed
        }
        for waiter in flushed { waiter.resume() }
    }
}
