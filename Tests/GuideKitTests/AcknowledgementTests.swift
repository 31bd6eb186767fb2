import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Synchronization
import TestPauses
import Testing

/// The built `guide` says "Thank you" for a signed-in message only once it is on disk: a
/// SIGKILL right after the acknowledgement loses nothing, and a write that fails is said.
@Suite(.noLeaks, .timeLimit(.minutes(1))) struct AcknowledgementTests {
    let directory = TemporaryDirectory()

    func arguments(_ kind: StorageEngineKind) -> [String] {
        [
            "--data-dir", directory.url.path,
            "--toggle", "journal-storage=\(kind == .journal ? "on" : "off")",
        ]
    }

    func signIn(_ kind: StorageEngineKind) async throws {
        let run = try await Guide.run(
            arguments(kind), input: "1\ndemo@example.com\ndemo1234\nallow\n:quit\n")
        #expect(run.output.contains("Home. You are signed in as Demo User"))
    }

    @Test(
        "a message acknowledged, then SIGKILL: the restart finds it, every time",
        arguments: StorageEngineKind.allCases)
    func aKillRightAfterTheAcknowledgementLosesNothing(kind: StorageEngineKind) async throws {
        try await signIn(kind)
        let kills = 15
        for n in 1...kills {
            let guide = try LiveGuide(arguments(kind))
            guide.send("contact support")
            guide.send(longMessage(n))
            let acknowledged = await guide.waitFor("Thank you. Your message is in the outbox")
            guide.kill()
            #expect(acknowledged, "message \(n): \(guide.output)")
            #expect(guide.process.terminationReason == .uncaughtSignal)
            #expect(guide.process.terminationStatus == SIGKILL)
        }

        let engine = kind.makeEngine(directory: directory.url)
        let kept = try engine.outbox.messages().map(\.text)
        #expect(
            kept == (1...kills).map(longMessage),
            "\(kills - kept.count) of \(kills) acknowledged messages were lost")
        let restart = try await Guide.run(arguments(kind), input: ":quit\n")
        #expect(restart.output.contains("Home. You are signed in as Demo User"))
        #expect(!restart.output.contains("Storage:"))
    }

    @Test func anOutboxThatCannotBeWrittenIsReportedAtThePrompt() async throws {
        try await signIn(.jsonFiles)
        // Root writes through any permission: a directory in the file's place stops it.
        let outbox = directory.file("outbox.json")
        try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: false)

        let run = try await Guide.run(
            arguments(.jsonFiles), input: "contact support\nPlease call me back.\n:back\n:quit\n")
        expectInOrder(
            run.output,
            [
                "[home/contactSupport] message> Please call me back.\n",
                "That could not be saved: \(outbox.path) could not be ",
                "Try again, or type :back.\n", "[home/contactSupport] message> :back\n",
                "Message discarded.\n",
            ])
        #expect(!run.output.contains("Thank you"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: outbox.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outbox.path).isEmpty)
        #expect(!directory.allContents.contains("Please call me back."))
    }
}

/// The built `guide`, running, fed line by line through a pipe, so that a test can act the
/// moment it prints something: kill it right after an acknowledgement.
final class LiveGuide {
    let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private let received = ReceivedBytes()

    init(_ arguments: [String], home: TemporaryDirectory = TemporaryDirectory()) throws {
        let executable: URL = try #require(Guide.executable, "the guide executable is missing")
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["HOME": home.url.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = FileHandle.nullDevice
        outputPipe.fileHandleForReading.readabilityHandler = { [received] handle in
            let data = handle.availableData
            // At the end of the output — the guide killed or gone — the handler takes itself
            // off: left on a pipe at its end, libdispatch's event loop once crashed the test
            // process (a bad pointer in `_dispatch_event_loop_drain`, during `kill()`).
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            received.bytes.withLock { $0.append(data) }
        }
        try process.run()
    }

    deinit {
        outputPipe.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { kill() }
    }

    /// What it printed so far.
    var output: String { String(decoding: received.bytes.withLock { $0 }, as: UTF8.self) }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Waits up to 20 seconds for `text` in the output; `false` if it did not come.
    func waitFor(_ text: String) async -> Bool {
        await poll(every: .milliseconds(1), within: .seconds(20)) { output.contains(text) }
    }

    /// SIGKILL, at once, and waits for it to be gone.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// The bytes a pipe gave, from the thread that reads it.
final class ReceivedBytes: Sendable {
    let bytes = Mutex(Data())
}
