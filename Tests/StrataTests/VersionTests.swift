import Foundation
import Testing

/// The README and the CHANGELOG tell one story.
@Suite("Version and changelog")
struct VersionTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The newest version the CHANGELOG has an entry for: its first `## 1.2.3` heading.
    private static func newestVersion() throws -> String? {
        try read("CHANGELOG.md").split(separator: "\n").lazy
            .compactMap { line -> String? in
                guard line.hasPrefix("## "), let first = line.dropFirst(3).first,
                    first.isNumber
                else { return nil }
                return line.dropFirst(3).split(separator: " ").first.map(String.init)
            }
            .first
    }

    @Test("the README states the CHANGELOG's newest version, and installs it")
    func readmeNamesNewestVersion() throws {
        let version = try #require(try Self.newestVersion())
        let readme = try Self.read("README.md")
        #expect(readme.contains("Strata is at \(version)"))
        #expect(readme.contains("from: \"\(version)\""))
    }

    @Test("every spelling deprecated in 0.9 and removed since is in the migration table")
    func removedDeprecationsAreRecorded() throws {
        let changelog = try Self.read("CHANGELOG.md")
        let removed = try #require(changelog.range(of: "| 0.9 spelling | 1.0 spelling |"))
        let table = changelog[removed.upperBound...].prefix { $0 != "#" }
        for spelling in [
            "reset()", "override(by:", "performOrTrap(", "gatherOrTrap(", "observeOnMainActor(",
        ] {
            #expect(table.contains(spelling), "the migration table does not list \(spelling)")
        }
    }
}
