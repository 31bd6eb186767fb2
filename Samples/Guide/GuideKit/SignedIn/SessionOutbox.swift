public import GuideCore
public import Strata
import Synchronization

/// The signed-in session's outbox: the contact form's messages, written to the app's outbox
/// by the session's tasks, one after the other, in order.
///
/// ``keep(_:)`` returns once its message is written — for the storage engines, on disk and
/// synced — or throws why it was not, so the form says "Thank you" only for a message that
/// is saved, and a message that could not be saved is not kept at all. The write runs in a
/// task of the outbox, away from the main actor; while it runs the message is pending, and
/// ``messages()`` lists the pending ones after the written ones. At sign-out the session
/// ends with ``Strata/Container/endAndWait(within:draining:fileID:filePath:line:isolation:)``, which
/// awaits ``scopeDidEnd()``: the flush of every pending message. A write still running at
/// the deadline is reported in the end report's ``Strata/EndReport/overran``, and the
/// message stays pending in this outbox until it is written.
///
/// ```swift
/// let outbox = SessionOutbox(store: app.outbox())
/// try await outbox.keep(message)  // written and synced, or thrown
/// await outbox.flush()            // nothing pending
/// ```
public final class SessionOutbox: OutboxRepository, AsyncScopeBound {
    /// A message waiting for its write, and the caller waiting for the outcome.
    private struct Pending {
        let message: ContactMessage
        /// Resumed with `nil` once the message is written, or with why it was not.
        let written: CheckedContinuation<StorageError?, Never>
    }

    private struct State {
        var pending: [Pending] = []
        var isSending = false
        var flushed: [CheckedContinuation<Void, Never>] = []
    }

    private let store: any OutboxRepository
    private let state = Mutex(State())

    /// Makes the session's outbox.
    ///
    /// Its sends are its own task, not the container's: the container's end awaits them
    /// through ``scopeDidEnd()``, and the outbox needs no reference to its container.
    ///
    /// - Parameter store: Where the messages go: the app's outbox, in the storage engine.
    public init(store: any OutboxRepository) {
        self.store = store
    }

    /// Adds `message` to the outbox and returns once it is written, in order after the
    /// messages pending before it.
    ///
    /// - Parameter message: The message to keep.
    /// - Throws: ``GuideCore/StorageError`` when the app's outbox could not write it; it is
    ///   then not pending either, so the user can send it again.
    public func keep(_ message: ContactMessage) async throws(StorageError) {
        let failure = await withCheckedContinuation { written in
            let startsSending = state.withLock { state in
                state.pending.append(Pending(message: message, written: written))
                defer { state.isSending = true }
                return !state.isSending
            }
            if startsSending { Task { [self] in await sendPending() } }
        }
        if let failure { throw failure }
    }

    /// The written messages, oldest first, then the pending ones.
    ///
    /// - Returns: The messages.
    /// - Throws: ``GuideCore/StorageError`` when the app's outbox cannot be read.
    public func messages() throws(StorageError) -> [ContactMessage] {
        let pending = self.pending
        return try store.messages() + pending
    }

    /// The messages not written yet.
    public var pending: [ContactMessage] { state.withLock { $0.pending.map(\.message) } }

    /// Returns once no message is pending: each written, or its failure told to its caller.
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

    /// Writes the pending messages in order, and tells each caller how its write went.
    private func sendPending() async {
        while let next = nextOrIdle() {
            var failure: StorageError?
            do throws(StorageError) {
                try await store.keep(next.message)
            } catch {
                failure = error
            }
            state.withLock { _ = $0.pending.removeFirst() }
            next.written.resume(returning: failure)
        }
    }

    /// The next message to write; or, when none is pending, `nil`, once the outbox is idle
    /// and its flushes resumed — in one step, so that a message kept meanwhile starts a
    /// send of its own.
    private func nextOrIdle() -> Pending? {
        let (next, flushed) = state.withLock {
            state -> (Pending?, [CheckedContinuation<Void, Never>]) in
            if let first = state.pending.first { return (first, []) }
            state.isSending = false
            defer { state.flushed = [] }
            return (nil, state.flushed)
        }
        for waiter in flushed { waiter.resume() }
        return next
    }
}
