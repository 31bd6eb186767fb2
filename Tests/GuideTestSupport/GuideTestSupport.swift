// What the guide's two test targets share: the app's tests (GuideKitTests) and the storage's
// (GuideStorageTests). A test target cannot import another, so these live in a library
// target of their own that only the tests depend on.
public import Foundation
public import GuideCore
public import Strata
public import Testing

/// A fresh directory under the system's temporary folder, removed when released.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL

    /// Makes the directory.
    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("guide-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The file `name` in the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the files in the directory, sorted.
    public var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// Every file's contents, in folders too (archives, files moved aside), concatenated.
    public var allContents: String {
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        return (files?.allObjects ?? []).compactMap { $0 as? URL }
            .sorted { $0.path < $1.path }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .joined(separator: "\n")
    }
}

/// Checks that `text` holds each of `parts`, in that order.
public func expectInOrder(
    _ text: String, _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    var rest = text[...]
    for part in parts {
        guard let range = rest.range(of: part) else {
            Issue.record(
                "missing, or out of order: \(part.debugDescription)\n--- in ---\n\(text)",
                sourceLocation: sourceLocation)
            return
        }
        rest = rest[range.upperBound...]
    }
}

/// The session the tests sign in with.
public let adaSession = UserSession(
    userID: "ada", name: "Ada Lovelace", email: "ada@example.com", token: "token-ada")

extension ScopeTree {
    /// Every node of the tree, depth first, this one first: what a test looks for a
    /// container in.
    public var everyNode: [ScopeTree] { [self] + children.flatMap(\.everyNode) }
}
