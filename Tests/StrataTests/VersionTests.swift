import Foundation
import Testing

/// The README, the CHANGELOG and the deprecated spellings tell one story.
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

    @Test("every deprecated spelling is in the CHANGELOG and in Choosing an API")
    func deprecationsAreRecorded() throws {
        let source = try Self.read("Sources/Strata/Deprecated.swift")
        let changelog = try Self.read("CHANGELOG.md")
        let article = try Self.read("Sources/Strata/Strata.docc/ChoosingAnAPI.md")
        // The name of each public function declared in the file: what a user calls.
        let names = source.split(separator: "\n")
            .compactMap { line -> String? in
                guard let range = line.range(of: "public func ") else { return nil }
                return line[range.upperBound...].prefix { $0.isLetter }.description
            }
        #expect(
            Set(names) == [
                "reset", "override", "performOrTrap", "gatherOrTrap", "observeOnMainActor",
            ])
        for name in Set(names) {
            let spelling = name == "override" ? "override(by:" : "\(name)("
            #expect(changelog.contains(spelling), "CHANGELOG.md does not list \(spelling)")
            #expect(article.contains(spelling), "ChoosingAnAPI.md does not list \(spelling)")
        }
    }
}
