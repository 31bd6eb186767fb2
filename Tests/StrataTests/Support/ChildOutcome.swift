import Dispatch
import Foundation
import Testing

/// The violations the child process of an exit test found, written to its standard error
/// for the test to check.
struct ChildOutcome: Codable, Sendable {
    var violations: [String]

    private static let marker = "child-outcome: "

    /// In the child process: runs `body` off the cooperative pool under ``exitIfStuck(_:_:)``
    /// and writes the violations it returns to standard error.
    static func report(_ what: String, _ body: @escaping @Sendable () async -> [String]) async {
        let violations = await onAThread { () -> [String]? in
            let found = Locked<[String]?>(nil)
            exitIfStuck(what) {
                let done = DispatchSemaphore(value: 0)
                Task {
                    let result = await body()
                    found.withLock { $0 = result }
                    done.signal()
                }
                done.wait()
            }
            return found.withLock { $0 }
        }
        guard let violations,
            let json = try? JSONEncoder().encode(ChildOutcome(violations: violations))
        else { return }
        FileHandle.standardError.write(
            Data((marker + String(decoding: json, as: UTF8.self) + "\n").utf8))
    }

    init(violations: [String]) { self.violations = violations }

    /// The outcome the child process wrote, from the result of an exit test that passed.
    init?(_ result: ExitTest.Result?) {
        guard let result else { return nil }
        let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(
            separator: "\n")
        guard let line = lines.last(where: { $0.hasPrefix(Self.marker) }),
            let outcome = try? JSONDecoder().decode(
                ChildOutcome.self, from: Data(line.dropFirst(Self.marker.count).utf8))
        else { return nil }
        self = outcome
    }
}
