import Foundation
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Synchronization
import Testing

/// An output that tells `onWrite` of each text as it is written, then records it.
final class WatchedOutput: TextOutput {
    private let recording = RecordingOutput()
    private let onWrite: Mutex<@Sendable (String) -> Void>

    init() { onWrite = Mutex { _ in } }

    /// Calls `watch` with each text from now on, before it is recorded.
    func watch(_ watch: @escaping @Sendable (String) -> Void) {
        onWrite.withLock { $0 = watch }
    }

    func write(_ text: String) {
        let watch = onWrite.withLock { $0 }
        watch(text)
        recording.write(text)
    }

    var text: String { recording.text }
}

/// "Signed out." is said in one place: by the console, once the session it ended is over.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct SignOutMessageTests {
    let directory = TemporaryDirectory()

    /// Runs the console on `lines` as the `guide` executable does, and ends the app after.
    func run(_ lines: [String], output: WatchedOutput, onStart: (AppContainer) -> Void = { _ in })
        async -> Console
    {
        let app = AppContainer(dataDirectory: directory.url, mailOutput: output)
        onStart(app)
        let console = Console(app: app, input: ScriptedInput(lines), output: output)
        _ = await console.run()
        app.end()
        return console
    }

    @Test func signOutSaysSignedOutOnceAfterTheSessionHasEnded() async {
        let output = WatchedOutput()
        let sessionsWhenSaid = Recorded()
        _ = await run(
            ["1", "demo@example.com", "demo1234", "allow", "sign out", ":quit"], output: output,
            onStart: { app in
                output.watch { text in
                    guard text.contains("Signed out.") else { return }
                    let sessions = app.tree.everyNode.filter { $0.container.tier == "session" }
                    sessionsWhenSaid.append("\(sessions.count) sessions")
                }
            })
        #expect(sessionsWhenSaid.all == ["0 sessions"])
        expectInOrder(output.text, ["[home] choice> sign out\n", "Signed out.\n", "Welcome"])
    }

    @Test func quittingWhileSignedInEndsTheSessionWithoutSayingSignedOut() async {
        let output = WatchedOutput()
        let console = await run(
            ["1", "demo@example.com", "demo1234", "allow", ":quit"], output: output)
        #expect(console.endReports.contains { $0.ended.contains { $0.tier == "session" } })
        #expect(!output.text.contains("Signed out."))
        // The user is still signed in, for the next launch.
        #expect(directory.fileNames.contains("session.json"))
    }
}
