import Foundation
import GuideCore
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Synchronization
import Testing

/// An outbox whose writes wait until the test lets them through.
///
/// A held write waits on a thread of Dispatch's, as a slow disk would hold one, and suspends
/// its task meanwhile: blocking a thread of the cooperative pool instead would take one of
/// its two from every test that runs beside this suite.
final class HeldOutbox: OutboxRepository {
    private let kept = Mutex<[ContactMessage]>([])
    private let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let letThrough = DispatchSemaphore(value: 0)

    /// Returns once a write has started.
    func writeStarted() async {
        for await _ in started { return }
    }

    func keep(_ message: ContactMessage) async {
        startedContinuation.yield()
        let letThrough = letThrough
        await withCheckedContinuation { (written: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = letThrough.wait(timeout: .now() + .seconds(30))
                written.resume()
            }
        }
        kept.withLock { $0.append(message) }
    }

    func messages() -> [ContactMessage] { kept.withLock { $0 } }
}

@Suite(.noLeaks, .serialized) struct SignOutFlushTests {
    let directory = TemporaryDirectory()
    let message = ContactMessage(
        replyTo: "ada@example.com", text: "Please call me back.",
        sentAt: Date(timeIntervalSince1970: 0),
        topic: nil)

    func makeSession() -> (AppContainer, SignedInContainer) {
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        app.outbox.override { HeldOutbox() }
        app.sessionRepository.override { InMemoryUserSessionRepository(session: adaSession) }
        return (app, app.makeSignedInContainer(for: adaSession))
    }

    @Test(
        "sign-out while a send is in flight awaits it: the message is in the outbox",
        .timeLimit(.minutes(1)))
    func signOutAwaitsTheSend() async throws {
        let (app, signedIn) = makeSession()
        let store = try #require(app.outbox() as? HeldOutbox)
        let kept = Task { [signedIn, message] in try await signedIn.outbox().keep(message) }
        await store.writeStarted()
        // Newer than the outbox, so it runs just before the outbox's flush is awaited.
        let (reached, reachedContinuation) = AsyncStream.makeStream(of: Void.self)
        signedIn.onEnd { _ in reachedContinuation.yield() }

        // The write goes on only once the end has reached the outbox: the end is under way,
        // and must await the write before it returns.
        let signOut = Task {
            let report = await signedIn.endAndWait(within: .seconds(30))
            return (report, keptAtReturn: store.messages())
        }
        for await _ in reached { break }
        store.letThrough.signal()
        let (report, keptAtReturn) = await signOut.value

        #expect(keptAtReturn == [message])
        #expect(store.messages() == [message])
        #expect(report.overran.isEmpty)
        // The form that kept the message holds the session's outbox until its call returns:
        // a late release, not a leak.
        try await kept.value
        #expect(await report.leaks().isEmpty)
        app.end()
    }

    // The outbox outlives the session on purpose here: the write that overran holds it.
    @Test(
        "a send that overruns the sign-out's deadline is reported, and its message kept",
        .leaksAllowed, .timeLimit(.minutes(1)))
    func overrunIsReported() async throws {
        let (app, signedIn) = makeSession()
        let store = try #require(app.outbox() as? HeldOutbox)
        let outbox = try #require(signedIn.outbox() as? SessionOutbox)
        let kept = Task { [message] in try await outbox.keep(message) }
        await store.writeStarted()

        let report = await signedIn.endAndWait(within: .milliseconds(20))

        // The outbox's flush, which awaits the send: the send is the outbox's own task.
        #expect(report.overran.count == 1)
        #expect(report.overran.last?.description == "scopeDidEnd() of SignedInContainer.outbox")
        #expect(outbox.pending == [message])  // not dropped: still pending
        store.letThrough.signal()
        await outbox.flush()
        try await kept.value
        #expect(store.messages() == [message])
        app.end()
    }
}
