import Foundation
import GuideTestSupport
import StrataTesting
import TestPauses
import Testing

/// The built `guide` executable, run as a user would with a script on standard input.
@Suite(.noLeaks, .timeLimit(.minutes(1))) struct GuideBinaryTests {
    let directory = TemporaryDirectory()

    @Test func aScriptedRunSignsInShowsTheScopesAndSignsOut() async throws {
        let script = """
            1
            demo@example.com
            demo1234
            allow
            :scopes
            profile
            back home
            sign out
            :quit

            """
        let run = try await Guide.run(["--data-dir", directory.url.path], input: script)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        expectInOrder(
            run.output,
            [
                "Type :help for help, :quit to leave.\n", "[guide/welcome] choice> 1\n",
                "[guide/signIn] email> demo@example.com\n", "[guide/signIn] password> ********\n",
                "Signed in.\n", "[guide/requestNotification] choice> allow\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "[home] choice> :scopes\n", "AppContainer (app)\n",
                "  SignedInContainer (session)\n", "    homeViewModel: HomeViewModel\n",
                "[home] choice> profile\n", "  notifications  allowed\n",
                "[home] choice> sign out\n", "Signed out.\n", "[guide/welcome] choice> :quit\n",
                "Goodbye.\n",
            ])
        #expect(!run.output.contains("> demo1234"))
        #expect(!run.output.contains("warning:"))
    }

    @Test("the scripted session in Samples/Guide/README.md is what the guide prints")
    func theReadmeTranscriptIsTrue() async throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Samples/Guide/README.md"), encoding: .utf8)
        // The block that starts with the command line, up to its closing fence.
        let command = try #require(readme.range(of: "$ printf '"))
        let rest = readme[command.upperBound...]
        let script = try #require(rest.range(of: "' | swift run guide"))
        let end = try #require(rest.range(of: "\n```"))
        let printed = rest[script.upperBound..<end.lowerBound].drop { $0 != "\n" }.dropFirst()
        let input = rest[..<script.lowerBound].replacingOccurrences(of: "\\n", with: "\n")
        let run = try await Guide.run(["--data-dir", directory.url.path], input: input)
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .newlines) == String(printed))
    }

    @Test func theEndOfInputInAFormExitsWithZeroAndOneLine() async throws {
        let run = try await Guide.run(
            ["--data-dir", directory.url.path], input: "2\nAda\nada@example.com\n")
        #expect(run.status == 0)
        #expect(
            run.output.hasSuffix("[guide/signUp] password> \nEnd of input: leaving the guide.\n"))
        #expect(run.errors.isEmpty)
    }

    @Test func anUnknownFlagPrintsTheUsageAndExitsWithTwo() async throws {
        let run = try await Guide.run(["--frobnicate"], input: "")
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        expectInOrder(
            run.errors,
            ["guide: unknown option '--frobnicate'\n", "usage: guide [--data-dir <path>]"])
    }

    @Test func helpPrintsTheUsageAndTheDemoAccount() async throws {
        let run = try await Guide.run(["--help"], input: "")
        #expect(run.status == 0)
        expectInOrder(
            run.output,
            ["usage: guide", "--trace", "Demo account: demo@example.com, password demo1234"])
    }

    @Test func theEnvironmentNamesTheDataDirectory() async throws {
        let run = try await Guide.run(
            [], input: "1\ndemo@example.com\ndemo1234\ndeny\n",
            environment: ["GUIDE_DATA_DIR": directory.url.path])
        #expect(run.status == 0)
        #expect(directory.fileNames == ["notifications.json", "session.json"])
    }

    @Test func eachToggleSourceSwitchesTheEngineAtTheNextStart() async throws {
        let path = directory.url.path
        _ = try await Guide.run(
            ["--data-dir", path], input: "1\ndemo@example.com\ndemo1234\ndeny\n")

        let on = try await Guide.run(
            ["--data-dir", path], input: ":toggles\n",
            environment: ["GUIDE_TOGGLE_JOURNAL_STORAGE": "on"])
        expectInOrder(
            on.output,
            [
                "Storage: moving your data from JSON files to the journal… 2 records moved and "
                    + "verified.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "  journal-storage  on   from environment variable GUIDE_TOGGLE_JOURNAL_STORAGE\n",
            ])

        try Data("journal-storage = off\n".utf8).write(to: directory.file("toggles.txt"))
        let off = try await Guide.run(["--data-dir", path], input: ":toggles\n")
        expectInOrder(
            off.output,
            [
                "Storage: moving your data from the journal to JSON files… 2 records moved and "
                    + "verified.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                "  journal-storage  off  from toggles file \(path)/toggles.txt line 1\n",
            ])

        let again = try await Guide.run(
            ["--data-dir", path, "--toggle", "journal-storage=on"], input: "")
        #expect(again.output.contains("from JSON files to the journal… 2 records moved"))
        #expect(again.status == 0)
        #expect(again.errors.isEmpty)
    }

    @Test func aBadToggleInTheFileOrTheEnvironmentExitsWithOneAndNamesIt() async throws {
        try Data("jornal-storage = on\n".utf8).write(to: directory.file("toggles.txt"))
        let run = try await Guide.run(["--data-dir", directory.url.path], input: "")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errors == "guide: toggles file \(directory.file("toggles.txt").path) line 1: "
                + "unknown toggle 'jornal-storage' (known: journal-storage)\n"
                + "Fix it or remove it, then start the guide again.\n")

        try FileManager.default.removeItem(at: directory.file("toggles.txt"))
        let environment = try await Guide.run(
            ["--data-dir", directory.url.path], input: "",
            environment: ["GUIDE_TOGGLE_JOURNAL_STORAGE": "yes"])
        #expect(environment.status == 1)
        #expect(
            environment.errors.hasPrefix(
                "guide: environment variable GUIDE_TOGGLE_JOURNAL_STORAGE: 'yes' is not a value "
                    + "for journal-storage; use on or off\n"))
    }

    @Test func aBadToggleOnTheCommandLinePrintsTheUsageAndExitsWithTwo() async throws {
        let run = try await Guide.run(["--toggle", "jornal-storage=on"], input: "")
        #expect(run.status == 2)
        expectInOrder(
            run.errors,
            [
                "guide: command line --toggle jornal-storage=on: unknown toggle "
                    + "'jornal-storage' (known: journal-storage)\n",
                "usage: guide [--data-dir <path>] [--toggle <name>=on|off]...",
            ])
    }

    @Test func traceShowsTheTiersComingAndGoing() async throws {
        let run = try await Guide.run(
            ["--trace", "--data-dir", directory.url.path], input: "3\n:back\n")
        expectInOrder(
            run.output,
            [
                "trace: began GuideContainer (feature tier)\n",
                "trace: began ContactUsFormContainer (interaction tier)\n",
                "trace: ended ContactUsFormContainer (interaction tier)\n",
                "End of input: leaving the guide.\n",
                "trace: ended GuideContainer (feature tier)\n",
                "trace: ended AppContainer (app tier)\n",
            ])
    }
}

/// Runs the built `guide` executable.
enum Guide {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `guide` with `arguments`, `input` on standard input, and a home folder in a
    /// temporary directory, so that nothing touches the real one.
    static func run(
        _ arguments: [String], input: String, environment: [String: String] = [:]
    ) async throws -> Run {
        let scratch = TemporaryDirectory()
        let inputFile = scratch.file("stdin")
        let outputFile = scratch.file("stdout")
        let errorFile = scratch.file("stderr")
        try Data(input.utf8).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)

        let executable: URL = try #require(
            Self.executable, "the guide executable was not found next to the test bundle")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["HOME": scratch.url.path, "PATH": "/usr/bin:/bin"]
            .merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        // Well inside the suite's time limit, so that a guide that hangs fails here, with
        // what it printed, and is stopped instead of outliving the test.
        _ = await poll(within: .seconds(30)) { !process.isRunning }
        if process.isRunning {
            Issue.record("guide did not exit within 30 seconds; it was killed")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            errors: try String(contentsOf: errorFile, encoding: .utf8))
    }

    /// The `guide` executable the package built beside the tests: next to the test bundle
    /// on macOS, in the directory of the test executable on Linux.
    static let executable: URL? = {
        let beside =
            Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
                $0.bundleURL.deletingLastPathComponent()
            } + [Bundle.main.bundleURL]
        return beside.map { $0.appendingPathComponent("guide") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
