import Foundation
import StrataTesting
import Testing

/// The sample does each thing one way, in its sources: what the compiler cannot hold it to.
@Suite(.noLeaks) struct OneWayTests {
    /// The sample's sources, each with its path under `Samples/Guide` and its code with the
    /// comments left out.
    static func sampleSources(under folder: String = "") throws -> [(path: String, code: String)] {
        let root = PackageManifest.root.appendingPathComponent("Samples/Guide")
        let files = try SourceFiles.swiftFiles(under: root.appendingPathComponent(folder))
        return try files.map { file in
            let path = String(file.path.dropFirst(root.path.count + 1))
            let code = try String(contentsOf: file, encoding: .utf8)
                .replacing(/\/\/[^\n]*/, with: "")
            return (path, code)
        }
    }

    @Test func everyScreenFollowsItsViewModelThroughFollow() throws {
        let sources = try Self.sampleSources(under: "GuideKit/Console")
        #expect(sources.contains { $0.path.hasSuffix("Screens/MainScreen.swift") })
        let tracking = sources.filter { $0.code.contains("trackOnMainActor") }.map(\.path)
        #expect(tracking == ["GuideKit/Console/Screens/Screen+Follow.swift"])
    }
}
