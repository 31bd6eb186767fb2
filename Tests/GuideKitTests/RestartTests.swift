import Foundation
import GuideKit
import Testing

/// What a second launch finds in the data directory.
@Suite @MainActor struct RestartTests {
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

    @Test func noPasswordIsEverWrittenToTheDataDirectory() async {
        _ = await runConsole(
            [
                "2", "Ada", "ada@example.com", "s3cret-Passw0rd", "allow", "1", "1", "Ada L",
                "2", "sign out", "1", "demo@example.com", "demo1234", "deny", "sign out", "3",
                "ada@example.com", "Please keep my data safe.", ":quit",
            ], in: directory)
        #expect(
            Set(directory.fileNames) == ["notifications.json", "outbox.json"],
            "the run should have written these, or the check below proves nothing")
        let contents = directory.allContents
        #expect(!contents.isEmpty)
        #expect(!contents.contains("s3cret-Passw0rd"))
        #expect(!contents.contains("demo1234"))
    }
}
