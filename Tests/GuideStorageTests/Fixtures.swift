import Foundation
import GuideCore
import Testing

// The fixtures the storage tests share. GuideKitTests has its own, with these three among
// them: a test target cannot import another.

/// A fresh directory under the system's temporary folder, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidestorage-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the files in the directory, sorted.
    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

/// Checks that `text` holds each of `parts`, in that order.
func expectInOrder(
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

let adaSession = UserSession(
    userID: "ada", name: "Ada Lovelace", email: "ada@example.com", token: "token-ada")
