import Dispatch
import Foundation
import Testing

/// What the child process of an exit test found, written to its standard error under a
/// marker for the test to read back: the one wiring of ``ChildOutcome`` and the end
/// scenarios' `EndOutcome`.
protocol ChildProcessOutcome: Codable, Sendable {
    /// What precedes the outcome's line on standard error.
    static var marker: String { get }
}

extension ChildProcessOutcome {
    /// In the child process: runs `body` off the cooperative pool under ``exitIfStuck(_:_:)``
    /// — the process exits with ``stuckStatus`` when it has not finished in ten seconds — and
    /// writes what it returns to standard error.
    static func report(_ what: String, _ body: @escaping @Sendable () async -> Self) async {
        let outcome = await onAThread { () -> Self? in
            let found = Locked<Self?>(nil)
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
        guard let outcome, let json = try? JSONEncoder().encode(outcome) else { return }
        FileHandle.standardError.write(
            Data((marker + String(decoding: json, as: UTF8.self) + "\n").utf8))
    }

    /// The outcome the child process wrote, from the result of an exit test that passed.
    init?(_ result: ExitTest.Result?) {
        guard let result else { return nil }
        let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(
            separator: "\n")
        guard let line = lines.last(where: { $0.hasPrefix(Self.marker) }),
            let outcome = try? JSONDecoder().decode(
                Self.self, from: Data(line.dropFirst(Self.marker.count).utf8))
        else { return nil }
        self = outcome
    }
}

/// The violations the child process of an exit test found.
struct ChildOutcome: ChildProcessOutcome {
    var violations: [String]

    static let marker = "child-outcome: "

    init(violations: [String]) { self.violations = violations }

    /// In the child process: runs `body` and writes the violations it returns.
    static func report(_ what: String, _ body: @escaping @Sendable () async -> [String]) async {
        await report(what) { ChildOutcome(violations: await body()) }
    }
}
