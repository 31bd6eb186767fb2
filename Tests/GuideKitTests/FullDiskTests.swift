import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// The built `guide` on a full disk: a write that does not fit is reported at the prompt,
/// and what the guide said was saved is exactly what is on disk, at the next start too.
@Suite(.noLeaks, .timeLimit(.minutes(1))) struct FullDiskTests {
    let disk = FullDisk()

    func arguments(_ kind: StorageEngineKind) -> [String] {
        [
            "--data-dir", disk.url.path, "--toggle",
            "journal-storage=\(kind == .journal ? "on" : "off")",
        ]
    }

    /// Signs in, answers, and sends the first message while the disk has room.
    func signInAndSendTheFirstMessage(_ kind: StorageEngineKind) async throws {
        let run = try await Guide.run(
            arguments(kind),
            input:
                "1\ndemo@example.com\ndemo1234\nallow\ncontact support\n\(longMessage(1))\n:quit\n")
        #expect(run.output.contains("Thank you. Your message is in the outbox"))
    }

    @Test(
        "a message the full disk cannot take is refused at the prompt; the rest stays",
        arguments: StorageEngineKind.allCases)
    func aMessageThatDoesNotFitIsRefusedAndNothingElseIsLost(kind: StorageEngineKind) async throws {
        try await signInAndSendTheFirstMessage(kind)
        try disk.fill()

        // One message a run, until one does not fit: the journal takes a few into the slack
        // of its last page, then tears the line that crosses it; JSON files fit none.
        var acknowledged = [longMessage(1)]
        var refusal: String?
        for n in 2...8 where refusal == nil {
            let run = try await disk.run(
                arguments(kind), input: "contact support\n\(longMessage(n))\n:quit\n")
            if run.output.contains("Thank you. Your message is in the outbox") {
                acknowledged.append(longMessage(n))
            } else {
                refusal = run.output
            }
        }
        let refused = try #require(refusal, "every message was acknowledged on a full disk")
        #expect(refused.contains("That could not be saved: "))
        #expect(refused.contains("There isn’t enough space. Try again, or type :back.\n"))

        // On disk: every acknowledged message, nothing torn, nothing half-written beside.
        let engine = kind.makeEngine(directory: disk.url)
        #expect(try engine.outbox.messages().map(\.text) == acknowledged)
        #expect(try engine.sessions.load()?.userID == "demo")
        #expect(try engine.notificationPreferences.choice(forUser: "demo") == .allowed)
        #expect(!disk.fileNames.contains { $0.contains(".corrupt-") || $0.contains(".torn-") })
        #expect(!disk.fileNames.contains { $0.contains(".saving-") })
        if kind == .journal {
            let journal = try Data(contentsOf: disk.directory.file("journal.log"))
            #expect(journal.last == UInt8(ascii: "\n"), "a failed append leaves no torn line")
        }

        let restart = try await disk.run(arguments(kind), input: ":quit\n")
        #expect(restart.output.contains("Home. You are signed in as Demo User"))
        #expect(!restart.output.contains("Storage:"))
        #expect(!restart.output.contains("Stored session:"))
    }

    @Test func aNotificationAnswerThatCannotBeSavedIsReported() async throws {
        try disk.fill()
        let run = try await disk.run(
            arguments(.jsonFiles), input: "1\ndemo@example.com\ndemo1234\nallow\n:quit\n")
        let notifications = disk.directory.file("notifications.json").path
        expectInOrder(
            run.output,
            [
                "[guide/requestNotification] choice> allow\n",
                "Your answer could not be saved: \(notifications) could not be written: ",
                "There isn’t enough space. You are signed in; we will ask again at your next "
                    + "sign-in.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
        #expect(disk.fileNames.isEmpty)
    }

    @Test func aTornRecordTheFullDiskCannotSetAsideIsSaidAndSetAsideOnceThereIsRoom()
        async throws
    {
        try await signInAndSendTheFirstMessage(.journal)
        let journal = disk.directory.file("journal.log")
        let whole = try Data(contentsOf: journal)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"put":{"kind":"outbox","mess"#.utf8))
        try handle.close()
        try disk.fill()
        // Setting the torn bytes aside needs a new file, which a full tmpfs has no page for.
        let run = try await disk.run(
            arguments(.journal), input: "contact support\nSecond message here.\n:back\n:quit\n",
            limit: 0)
        let problem =
            "\(journal.path) could not be written: its last record is torn (29 bytes after the "
            + "last whole line) and could not be set aside ("
        expectInOrder(
            run.output,
            [
                "Storage: \(problem)",
                "The 3 whole entries before it are kept, but nothing can "
                    + "be written after it: free some space and start the guide again.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "That could not be saved: \(problem)", "Message discarded.\n",
            ])
        #expect(!run.output.contains("Thank you"))
        #expect(disk.fileNames == ["journal.log", "storage-engine.txt"])

        // Room again: the next start sets the torn bytes aside, and the journal is whole.
        try disk.free()
        let roomy = try await disk.run(arguments(.journal), input: ":quit\n")
        #expect(roomy.output.contains("was cut short at 29 bytes"))
        #expect(try Data(contentsOf: journal) == whole)
    }
}
