import Foundation
import StrataTesting
import Testing

/// The sample's feature targets stay apart: neither imports the other or the app, in its
/// sources or in `Package.swift`, so they can reach each other only through routes.
@Suite(.noLeaks) struct FeatureBoundaryTests {
    /// Each feature target, and the modules it must never see.
    static let boundaries: [(feature: String, forbidden: [String])] = [
        ("GuideContactFeature", ["GuideProfileFeature", "GuideKit"]),
        ("GuideProfileFeature", ["GuideContactFeature", "GuideKit"]),
    ]

    @Test(arguments: boundaries)
    func theFeatureSourcesImportNeitherTheOtherFeatureNorTheApp(
        feature: String, forbidden: [String]
    ) throws {
        let target = try #require(PackageManifest.read().targets[feature])
        let path = try #require(target.path, "\(feature) should name its folder")
        let files = try SourceFiles.swiftFiles(
            under: PackageManifest.root.appendingPathComponent(path))
        #expect(!files.isEmpty, "no Swift files under \(path)")
        for file in files {
            let imports = Set(
                SourceFiles.importedModules(in: try String(contentsOf: file, encoding: .utf8)))
            #expect(
                imports.isDisjoint(with: forbidden),
                "\(file.lastPathComponent) imports \(imports.intersection(forbidden).sorted())")
        }
        let allImports = try files.reduce(into: Set<String>()) { modules, file in
            modules.formUnion(
                SourceFiles.importedModules(in: try String(contentsOf: file, encoding: .utf8)))
        }
        #expect(allImports.contains("GuideCore"), "the import scan found nothing: \(allImports)")
    }

    @Test(arguments: boundaries)
    func thePackageGivesTheFeatureNoPathToTheOtherFeatureOrTheApp(
        feature: String, forbidden: [String]
    ) throws {
        let manifest = try PackageManifest.read()
        let reachable = try #require(manifest.dependencies(of: feature))
        #expect(
            reachable.isDisjoint(with: forbidden), "\(feature) depends on \(reachable.sorted())")
        #expect(reachable.contains("GuideCore"))
    }

    @Test func theAppWiresBothFeatures() throws {
        let reachable = try #require(try PackageManifest.read().dependencies(of: "GuideKit"))
        #expect(reachable.isSuperset(of: ["GuideContactFeature", "GuideProfileFeature"]))
    }

    @Test func theImportScanSeesEveryFormOfImport() {
        let source = """
            import GuideCore
            public import Strata
            @testable import GuideKit
            @preconcurrency internal import Foundation
            import struct GuideProfileFeature.ProfileContainer
            // import GuideContactFeature
            let imported = "import Nothing"
            """
        #expect(
            SourceFiles.importedModules(in: source)
                == ["GuideCore", "Strata", "GuideKit", "Foundation", "GuideProfileFeature"])
    }

    @Test func theManifestReaderFollowsDependenciesTransitively() {
        let manifest = PackageManifest(
            text: """
                targets: [
                    .target(name: "A", dependencies: ["B"], path: "a"),
                    .target(name: "B", dependencies: [.target(name: "C")]),
                    .target(name: "C"),
                ]
                """)
        #expect(manifest.targets["A"]?.path == "a")
        #expect(manifest.dependencies(of: "A") == ["B", "C"])
        #expect(manifest.dependencies(of: "C") == [])
        #expect(manifest.dependencies(of: "D") == nil)
    }
}

/// The targets `Package.swift` declares, read simply: each `.target(`, `.executableTarget(`
/// or `.testTarget(` with its name, the quoted names in its `dependencies: [...]`, and its
/// `path`.
struct PackageManifest {
    struct Target {
        var dependencies: [String]
        var path: String?
    }

    /// The package's root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read() throws -> PackageManifest {
        PackageManifest(
            text: try String(
                contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    let targets: [String: Target]

    init(text: String) {
        let code = text.replacing(/\/\/[^\n]*/, with: "")
        // Targets are declared one bracket deep, in `targets: [ … ]`; a `.target(name:)`
        // deeper than that is a dependency inside a target's `dependencies: [ … ]`.
        let starts = code.matches(of: /\.(?:target|executableTarget|testTarget)\(/)
            .map(\.range.lowerBound).filter { Self.depth(of: code[..<$0]) == 1 }
        var targets: [String: Target] = [:]
        for (start, end) in zip(starts, starts.dropFirst() + [code.endIndex]) {
            let body = code[start..<end]
            guard let name = body.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1 else { continue }
            var dependencies: [String] = []
            if let list = body.firstMatch(of: /dependencies:\s*\[/) {
                let rest = body[list.range.upperBound...]
                let close =
                    rest.indices.first { Self.depth(of: rest[...$0]) == -1 } ?? rest.endIndex
                dependencies = rest[..<close].matches(of: /"([^"]+)"/).map { String($0.output.1) }
            }
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) }
            targets[String(name)] = Target(dependencies: dependencies, path: path)
        }
        self.targets = targets
    }

    /// How many square brackets `text` leaves open.
    private static func depth(of text: Substring) -> Int {
        text.reduce(0) { $0 + ($1 == "[" ? 1 : $1 == "]" ? -1 : 0) }
    }

    /// Every target `name` depends on, directly or through others; `nil` when there is no
    /// such target.
    func dependencies(of name: String) -> Set<String>? {
        guard targets[name] != nil else { return nil }
        var reached: Set<String> = []
        var next = targets[name]?.dependencies ?? []
        while let dependency = next.popLast() {
            guard reached.insert(dependency).inserted else { continue }
            next += targets[dependency]?.dependencies ?? []
        }
        return reached
    }
}

/// Swift source files, and the modules they import.
enum SourceFiles {
    static func swiftFiles(under directory: URL) throws -> [URL] {
        let walker = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules `source` imports, in order: `import M`, `public import M`,
    /// `@testable import M`, `import struct M.Type`; lines that are comments are skipped.
    static func importedModules(in source: String) -> [String] {
        let statement =
            /^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/
        return source.split(separator: "\n").compactMap { line in
            line.firstMatch(of: statement).map { String($0.output.1) }
        }
    }
}
