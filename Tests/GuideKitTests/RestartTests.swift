import Foundation
import GuideKit
import GuideTestSupport
import StrataTesting
import Testing

/// What a second launch finds in the data directory.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct RestartTests {
    let directory = TemporaryDirectory()

    @Test func aStoredSessionLandsInTheHome() async {
        _ = await runConsole(
            ["1", "demo@example.com", "demo1234", "allow", ":quit"], in: directory)
        let restart = await runConsole([":quit"], in: directory)
        expectInOrder(
            restart.output,
            [
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "[home] choice> :quit\n",
            ])
        #expect(!restart.output.contains("Welcome to the Strata guide."))
    }

    @Test func aChangedNameOutlivesTheRestart() async {
        _ = await runConsole(
            ["1", "demo@example.com", "demo1234", "allow", "1", "1", "Dee Moe", ":quit"],
            in: directory)
        let restart = await runConsole([":quit"], in: directory)
        #expect(restart.output.contains("Home. You are signed in as Dee Moe <demo@example.com>."))
    }

    @Test func afterSignOutTheRestartGuides() async {
        _ = await runConsole(
            ["1", "demo@example.com", "demo1234", "allow", "sign out", ":quit"], in: directory)
        let restart = await runConsole([":quit"], in: directory)
        expectInOrder(
            restart.output, ["Welcome to the Strata guide.", "[guide/welcome] choice> :quit\n"])
    }

    @Test func aCorruptSessionIsMovedAsideAndTheGuideStarts() async throws {
        let garbage = "{\"userID\": \"demo\", \"name\": "
        try Data(garbage.utf8).write(to: directory.file("session.json"))
        let run = await runConsole([":quit"], in: directory)
        let names = directory.fileNames
        let aside = try #require(names.first { $0.hasPrefix("session.json.corrupt-") })
        #expect(names == [aside])
        #expect(try String(contentsOf: directory.file(aside), encoding: .utf8) == garbage)
        expectInOrder(
            run.output,
            [
                "Stored session: \(directory.file("session.json").path) could not be read: "
                    + "it is not valid JSON. It was moved aside to \(directory.file(aside).path).\n",
                "Welcome to the Strata guide.", "[guide/welcome] choice> :quit\n",
            ])
        #expect(run.status == 0)
    }

    /// What the data directory holds at one moment of a run.
    struct Snapshot {
        let fileNames: [String]
        let contents: String
    }

    @Test(
        "No password reaches the data directory, while signed in or after",
        arguments: [false, true])
    func noPasswordIsEverWrittenToTheDataDirectory(journal: Bool) async {
        var whileSignedIn: [Snapshot] = []
        let look = ScriptedInput.Step.inspect { [directory] in
            whileSignedIn.append(
                Snapshot(fileNames: directory.fileNames, contents: directory.allContents))
        }
        let run = await runConsole(
            [
                .line("2"), .line("Ada"), .line("ada@example.com"), .line("s3cret-Passw0rd"),
                .line("allow"), look, .line("profile"), .line("edit name"), .line("Ada L"),
                .line("back home"), look, .line("sign out"), .line("1"),
                .line("demo@example.com"), .line("demo1234"), .line("deny"), look,
                .line("sign out"), .line("3"), .line("ada@example.com"),
                .line("Please keep my data safe."), .line(":quit"),
            ], in: directory, toggles: toggles(journal: journal))
        expectInOrder(
            run.output,
            [
                "Home. You are signed in as Ada <ada@example.com>.\n", "Name saved.\n",
                "Home. You are signed in as Ada L <ada@example.com>.\n", "Signed out.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n", "Signed out.\n",
            ])
        let sessionFile = journal ? "journal.log" : "session.json"
        let signedIn = ["Ada", "Ada L", "Demo User"]
        #expect(whileSignedIn.count == signedIn.count)
        for (snapshot, name) in zip(whileSignedIn, signedIn) {
            // The session is on disk at this moment, or the checks below prove nothing.
            #expect(snapshot.fileNames.contains(sessionFile), "signed in as \(name)")
            #expect(snapshot.contents.contains("\"\(name)\""), "signed in as \(name)")
            #expect(!snapshot.contents.contains("s3cret-Passw0rd"), "signed in as \(name)")
            #expect(!snapshot.contents.contains("demo1234"), "signed in as \(name)")
        }
        #expect(
            directory.fileNames
                == (journal
                    ? ["journal.log", "storage-engine.txt"]
                    : ["notifications.json", "outbox.json"]))
        let contents = directory.allContents
        #expect(contents.contains("Please keep my data safe."))
        #expect(!contents.contains("s3cret-Passw0rd"))
        #expect(!contents.contains("demo1234"))
    }
}
