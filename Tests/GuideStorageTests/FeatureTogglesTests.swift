import Foundation
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// Where each toggle's value comes from: defaults, the toggles file, the environment and
/// the command line, the strongest winning; and errors that name their source.
@Suite(.noLeaks) struct FeatureTogglesTests {
    let directory = TemporaryDirectory()
    var togglesFile: String { directory.file("toggles.txt").path }

    func resolve(
        file: String? = nil, environment: [String: String] = [:], commandLine: [String] = []
    ) throws -> FeatureToggles {
        if let file { try Data(file.utf8).write(to: directory.file("toggles.txt")) }
        return try FeatureToggles.resolve(
            dataDirectory: directory.url, environment: environment,
            commandLine: commandLine.map { try ToggleArgument(parsing: $0) })
    }

    @Test func withNothingSetEachToggleHasItsBuiltInDefault() throws {
        let toggles = try resolve()
        #expect(!toggles.isOn(.journalStorage))
        #expect(toggles[.journalStorage].source == .builtIn)
        #expect(toggles.file == directory.file("toggles.txt"))
    }

    /// Which sources set the toggle (file, environment, command line), and the value and
    /// source that win.
    static let precedence: [(String?, String?, String?, Bool, String)] = [
        ("on", nil, nil, true, "file"),
        ("on", "off", nil, false, "environment"),
        (nil, "on", nil, true, "environment"),
        ("off", "on", "off", false, "command line"),
        (nil, nil, "on", true, "command line"),
        ("on", nil, "off", false, "command line"),
    ]

    @Test(arguments: precedence)
    func theStrongestSourceWins(
        file: String?, environment: String?, commandLine: String?, isOn: Bool, winner: String
    ) throws {
        let toggles = try resolve(
            file: file.map { "journal-storage = \($0)\n" },
            environment: environment.map { ["GUIDE_TOGGLE_JOURNAL_STORAGE": $0] } ?? [:],
            commandLine: commandLine.map { ["journal-storage=\($0)"] } ?? [])
        #expect(toggles.isOn(.journalStorage) == isOn)
        let expected: ToggleSource =
            switch winner {
            case "file": .file(path: togglesFile, line: 1)
            case "environment": .environment(variable: "GUIDE_TOGGLE_JOURNAL_STORAGE")
            default: .commandLine(argument: "journal-storage=\(commandLine ?? "")")
            }
        #expect(toggles[.journalStorage].source == expected)
    }

    @Test func theLastCommandLineValueWins() throws {
        let toggles = try resolve(commandLine: ["journal-storage=on", "journal-storage=off"])
        #expect(!toggles.isOn(.journalStorage))
        #expect(toggles[.journalStorage].source == .commandLine(argument: "journal-storage=off"))
    }

    @Test func theFileSkipsCommentsAndBlankLinesAndIgnoresCaseAndSpaces() throws {
        let toggles = try resolve(file: "# storage\n\n   Journal-Storage =  ON  \n")
        #expect(toggles.isOn(.journalStorage))
        #expect(toggles[.journalStorage].source == .file(path: togglesFile, line: 3))
    }

    @Test func environmentVariablesWithoutThePrefixAreIgnored() throws {
        let toggles = try resolve(environment: ["JOURNAL_STORAGE": "on", "GUIDE_DATA_DIR": "/x"])
        #expect(!toggles.isOn(.journalStorage))
    }

    /// A file, environment or argument, and the whole message it must give.
    static let errors: [(String?, [String: String], [String], String)] = [
        (
            "# toggles\njournal-storage = on\njornal-storage = on\n", [:], [],
            "toggles file %FILE line 3: unknown toggle 'jornal-storage' (known: journal-storage)"
        ),
        (
            "journal-storage = maybe\n", [:], [],
            "toggles file %FILE line 1: 'maybe' is not a value for journal-storage; use on or off"
        ),
        (
            "journal-storage\n", [:], [],
            "toggles file %FILE line 1: 'journal-storage' is not name=on or name=off "
                + "(known: journal-storage)"
        ),
        (
            nil, ["GUIDE_TOGGLE_JORNAL_STORAGE": "on"], [],
            "environment variable GUIDE_TOGGLE_JORNAL_STORAGE: unknown toggle 'jornal-storage' "
                + "(known: journal-storage)"
        ),
        (
            nil, ["GUIDE_TOGGLE_JOURNAL_STORAGE": "1"], [],
            "environment variable GUIDE_TOGGLE_JOURNAL_STORAGE: '1' is not a value for "
                + "journal-storage; use on or off"
        ),
        (
            nil, [:], ["jornal-storage=on"],
            "command line --toggle jornal-storage=on: unknown toggle 'jornal-storage' "
                + "(known: journal-storage)"
        ),
        (
            nil, [:], ["journal-storage=yes"],
            "command line --toggle journal-storage=yes: 'yes' is not a value for "
                + "journal-storage; use on or off"
        ),
    ]

    @Test(arguments: errors)
    func aBadSettingIsAnErrorNamingItsSource(
        file: String?, environment: [String: String], commandLine: [String], message: String
    ) {
        #expect {
            _ = try resolve(file: file, environment: environment, commandLine: commandLine)
        } throws: { error in
            "\(error)" == message.replacingOccurrences(of: "%FILE", with: togglesFile)
        }
    }

    @Test func anUnreadableFileIsAnErrorNamingIt() throws {
        try FileManager.default.createDirectory(
            at: directory.file("toggles.txt"), withIntermediateDirectories: true)
        #expect {
            _ = try resolve()
        } throws: { error in
            "\(error)".hasPrefix("toggles file \(togglesFile) could not be read: ")
        }
    }

    @Test func theReportShowsEachValueAndWhereItCameFrom() throws {
        let toggles = try resolve(environment: ["GUIDE_TOGGLE_JOURNAL_STORAGE": "on"])
        #expect(
            toggles.report == [
                "Feature toggles (weakest first: built-in default, toggles file, environment, "
                    + "command line):",
                "  journal-storage  on   from environment variable GUIDE_TOGGLE_JOURNAL_STORAGE",
                "                   keep the data in an append-only journal (on) or in JSON "
                    + "files (off)",
                "Toggles file: \(togglesFile) (none yet).",
            ])
    }

    @Test func eachToggleHasAnEnvironmentVariableAndIsFoundByName() {
        #expect(FeatureToggle.journalStorage.environmentVariable == "GUIDE_TOGGLE_JOURNAL_STORAGE")
        #expect(FeatureToggle(name: "JOURNAL-storage") == .journalStorage)
        #expect(FeatureToggle(name: "journal_storage") == nil)
    }
}
