import Foundation
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// Switching `journal-storage` back and forth across restarts, as a user would: the console
/// says what moved, and no session, profile edit, notification answer or outbox message is
/// ever lost.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct StorageSwitchTests {
    let directory = TemporaryDirectory()

    /// What the engine that holds the data holds now, read as the next start would.
    func stored(journal: Bool) throws -> [StorageRecord] {
        let startup = StorageMigrator(directory: directory.url)
            .start(wanting: journal ? .journal : .jsonFiles)
        #expect(startup.outcome == .notNeeded, "the run left the data in the engine it wanted")
        return try startup.engine.records()
    }

    @Test func switchingBackAndForthAcrossRestartsLosesNothing() async throws {
        // JSON files: a message, a new user who allows notifications, and the demo user
        // who denies them and renames themself.
        let first = await runConsole(
            [
                "contact us", "ada@example.com", "First message, kept in JSON.",
                "sign up", "Ada Lovelace", "ada@example.com", "analytical1", "allow",
                "sign out", "sign in", "demo@example.com", "demo1234", "deny", "profile",
                "edit name", "Dee Moe", "back home", ":quit",
            ], in: directory, toggles: toggles(journal: false))
        #expect(!first.output.contains("Storage:"))
        let afterFirst = try stored(journal: false)
        #expect(afterFirst.count == 4)

        // The journal: everything moved; a second edit, a second message, a third edit.
        let second = await runConsole(
            [
                "profile", "edit name", "Dee Two", "back home", "sign out", "contact us",
                "grace@example.com", "Second message, kept in the journal.", "sign in",
                "demo@example.com", "demo1234", "profile", "edit name", "Dee Three",
                "back home", ":quit",
            ], in: directory, toggles: toggles(journal: true))
        expectInOrder(
            second.output,
            [
                "Storage: moving your data from JSON files to the journal… 4 records moved "
                    + "and verified.\n",
                "The JSON files are kept in \(directory.url.path)/archive-json-",
                "Home. You are signed in as Dee Moe <demo@example.com>.\n",
                "  notifications  denied\n", "Name saved.\n", "Signed out.\n",
                "Thank you. Your message is in the outbox", "Signed in.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "  name           Dee Three\n",
            ])
        #expect(!second.output.contains("May we send you notifications"))
        let afterSecond = try stored(journal: true)
        #expect(afterSecond.count == 5)

        // JSON files again, then the journal again: everything is there each time.
        for journal in [false, true] {
            let run = await runConsole(
                ["profile", "back home", ":quit"], in: directory, toggles: toggles(journal: journal)
            )
            expectInOrder(
                run.output,
                [
                    "5 records moved and verified.\n",
                    "Home. You are signed in as Dee Three <demo@example.com>.\n",
                    "  notifications  denied\n",
                ])
            #expect(try stored(journal: journal) == afterSecond)
        }

        let records = try stored(journal: true)
        let session = records.compactMap { if case .session(let s) = $0 { s } else { nil } }
        #expect(session.map(\.name) == ["Dee Three"])
        let answers = records.compactMap {
            if case .notificationChoice(let user, let choice) = $0 {
                "\(user)=\(choice)"
            } else {
                nil
            }
        }
        #expect(answers.count == 2)
        #expect(answers.contains("demo=denied"))
        #expect(answers.contains { $0.hasSuffix("=allowed") })
        let messages = records.compactMap {
            if case .outboxMessage(_, let message) = $0 { message.text } else { nil }
        }
        #expect(
            messages == ["First message, kept in JSON.", "Second message, kept in the journal."])
        #expect(directory.fileNames.filter { $0.hasPrefix("archive-") }.count == 3)
        #expect(!directory.allContents.contains("analytical1"))
        #expect(!directory.allContents.contains("demo1234"))
    }

    @Test func aFailedMoveIsExplainedAndTheGuideGoesOnWithTheOldEngine() async throws {
        _ = await runConsole(
            ["1", "demo@example.com", "demo1234", "allow", ":quit"], in: directory)
        try Data("[{ broken".utf8).write(to: directory.file("outbox.json"))

        let run = await runConsole([":quit"], in: directory, toggles: toggles(journal: true))

        expectInOrder(
            run.output,
            [
                "Storage: could not move your data from JSON files to the journal: "
                    + "\(directory.file("outbox.json").path) could not be read: it is not "
                    + "valid JSON. It was moved aside to \(directory.file("outbox.json").path)"
                    + ".corrupt-",
                "The guide goes on with JSON files for now; the move is "
                    + "tried again at the next start.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
        #expect(directory.fileNames.contains("session.json"))
        #expect(!directory.fileNames.contains("storage-engine.txt"))

        let next = await runConsole([":quit"], in: directory, toggles: toggles(journal: true))
        expectInOrder(
            next.output,
            [
                "Storage: moving your data from JSON files to the journal… 2 records moved "
                    + "and verified.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
    }

    @Test func noPasswordIsEverWrittenByTheJournal() async {
        _ = await runConsole(
            [
                "2", "Ada", "ada@example.com", "s3cret-Passw0rd", "allow", "1", "1", "Ada L",
                "2", "sign out", "1", "demo@example.com", "demo1234", "deny", "3",
            ], in: directory, toggles: toggles(journal: true))
        #expect(directory.fileNames == ["journal.log", "storage-engine.txt"])
        let contents = directory.allContents
        #expect(contents.contains("Ada L"), "the run wrote the journal")
        #expect(!contents.contains("s3cret-Passw0rd"))
        #expect(!contents.contains("demo1234"))
    }
}
