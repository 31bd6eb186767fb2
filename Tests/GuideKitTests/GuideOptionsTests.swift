import Foundation
import GuideStorage
import StrataTesting
import Testing
import guide

@Suite(.noLeaks) struct GuideOptionsTests {
    @Test func noArgumentsMeansDefaults() throws {
        let options = try GuideOptions.parse([])
        #expect(options.dataDirectory == nil)
        #expect(options.toggles.isEmpty)
        #expect(!options.traces)
        #expect(!options.showsHelp)
    }

    @Test func readsEveryOption() throws {
        let options = try GuideOptions.parse(["--trace", "--data-dir", "/tmp/x", "-h"])
        #expect(options.traces)
        #expect(options.showsHelp)
        #expect(options.dataDirectory == "/tmp/x")
        #expect(try GuideOptions.parse(["--data-dir=/tmp/y"]).dataDirectory == "/tmp/y")
    }

    @Test func readsTogglesInOrder() throws {
        let options = try GuideOptions.parse([
            "--toggle", "journal-storage=on", "--toggle=Journal-Storage=OFF",
        ])
        #expect(options.toggles.map(\.text) == ["journal-storage=on", "Journal-Storage=OFF"])
        #expect(options.toggles.map(\.isOn) == [true, false])
        #expect(options.toggles.map(\.toggle) == [.journalStorage, .journalStorage])
    }

    @Test(arguments: [
        (["--frobnicate"], UsageError.unknownArgument("--frobnicate")),
        (["extra"], .unknownArgument("extra")),
        (["--data-dir"], .missingValue("--data-dir")),
        (["--data-dir", "--trace"], .missingValue("--data-dir")),
        (["--data-dir="], .missingValue("--data-dir")),
        (["--toggle"], .missingValue("--toggle")),
        (["--toggle", "--trace"], .missingValue("--toggle")),
        (["--toggle="], .missingValue("--toggle")),
        (
            ["--toggle", "jornal-storage=on"],
            .invalidToggle(
                .unknownToggle(
                    "jornal-storage", source: .commandLine(argument: "jornal-storage=on")))
        ),
        (
            ["--toggle=journal-storage=1"],
            .invalidToggle(
                .badValue(
                    "1", toggle: .journalStorage,
                    source: .commandLine(argument: "journal-storage=1")))
        ),
        (
            ["--toggle", "journal-storage"],
            .invalidToggle(
                .malformed("journal-storage", source: .commandLine(argument: "journal-storage")))
        ),
    ])
    func refuses(arguments: [String], error: UsageError) {
        #expect(throws: error) { try GuideOptions.parse(arguments) }
    }
}

@Suite(.noLeaks) struct DataDirectoryTests {
    @Test func theOptionWins() {
        let url = DataDirectory.resolve(
            option: "/tmp/from-option", environment: ["GUIDE_DATA_DIR": "/tmp/from-env"])
        #expect(url.path == "/tmp/from-option")
    }

    @Test func thenTheEnvironment() {
        let url = DataDirectory.resolve(
            option: nil, environment: ["GUIDE_DATA_DIR": "/tmp/from-env", "HOME": "/tmp/home"])
        #expect(url.path == "/tmp/from-env")
    }

    @Test func thenAPerUserFolderUnderHome() {
        let url = DataDirectory.resolve(option: nil, environment: ["HOME": "/tmp/home"])
        #if os(macOS)
            #expect(url.path == "/tmp/home/Library/Application Support/strata-guide")
        #else
            #expect(url.path == "/tmp/home/.local/share/strata-guide")
            let xdg = DataDirectory.resolve(
                option: nil, environment: ["HOME": "/tmp/home", "XDG_DATA_HOME": "/tmp/xdg"])
            #expect(xdg.path == "/tmp/xdg/strata-guide")
        #endif
    }
}
