import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import Observation
import Strata
import Synchronization
import Testing

/// Collects everything written, from any thread.
final class RecordingOutput: TextOutput {
    private let written = Mutex("")

    func write(_ text: String) { written.withLock { $0 += text } }
    var text: String { written.withLock { $0 } }
}

/// Lines for the console, as a pipe would give them, with checks run between them.
final class ScriptedInput: LineInput {
    enum Step {
        case line(String)
        /// Runs when the console asks for the next line, before it gets one.
        case inspect(() -> Void)
    }

    private var steps: [Step]
    let isInteractive: Bool
    /// How many lines the console read as secrets, not to be shown as typed.
    private(set) var secretReads = 0

    init(_ steps: [Step], isInteractive: Bool = false) {
        self.steps = steps
        self.isInteractive = isInteractive
    }

    convenience init(_ lines: [String]) { self.init(lines.map(Step.line)) }

    func readSecretLine() -> String? {
        secretReads += 1
        return readLine()
    }

    func readLine() -> String? {
        while !steps.isEmpty {
            switch steps.removeFirst() {
            case .line(let line): return line
            case .inspect(let check): check()
            }
        }
        return nil
    }
}

extension AppContainer {
    /// Runs the storage start-up for `toggles` over `dataDirectory` — GuideStorage's engines
    /// on the real disk, as the `guide` executable does — then makes the app container.
    ///
    /// GuideKit has no such shorthand: it names no engine. Tests that want the app as it
    /// runs use this one.
    convenience init(
        dataDirectory: URL, mailOutput: any TextOutput, toggles: FeatureToggles = FeatureToggles()
    ) {
        self.init(
            dataDirectory: dataDirectory, mailOutput: mailOutput, toggles: toggles,
            storage: StorageStartup.run(dataDirectory: dataDirectory, toggles: toggles))
    }
}

/// What one in-process run of the console left.
@MainActor
struct ConsoleRun {
    let output: String
    let status: Int32
    let console: Console
    let input: ScriptedInput

    /// The report of the ended container of type `typeName`.
    func endReport(of typeName: String) -> EndReport? {
        console.endReports.first { $0.ended.contains { $0.typeName == typeName } }
    }

    /// The leaks of every end the console reported, once each is judged.
    func leaks() async -> [WatchedInstance] {
        var leaks: [WatchedInstance] = []
        for report in console.endReports { leaks += await report.leaks() }
        return leaks
    }
}

/// Runs the console on `steps` with a new app container over `directory`.
///
/// It runs as the `guide` executable does, and ends the app afterwards. `onStart` gets the
/// app before the run, for `.inspect` steps to look at.
@MainActor
func runConsole(
    _ steps: [ScriptedInput.Step], in directory: TemporaryDirectory, traces: Bool = false,
    isInteractive: Bool = false, toggles: FeatureToggles = FeatureToggles(),
    onStart: (AppContainer) -> Void = { _ in }
) async -> ConsoleRun {
    let output = RecordingOutput()
    let app = AppContainer(dataDirectory: directory.url, mailOutput: output, toggles: toggles)
    onStart(app)
    let input = ScriptedInput(steps, isInteractive: isInteractive)
    let console = Console(app: app, input: input, output: output, traces: traces)
    let status = await console.run()
    app.end()
    return ConsoleRun(output: output.text, status: status, console: console, input: input)
}

@MainActor
func runConsole(
    _ lines: [String], in directory: TemporaryDirectory,
    toggles: FeatureToggles = FeatureToggles()
) async -> ConsoleRun {
    await runConsole(lines.map(ScriptedInput.Step.line), in: directory, toggles: toggles)
}

/// The toggles with `journal-storage` set as a command line would set it.
func toggles(journal: Bool) -> FeatureToggles {
    var toggles = FeatureToggles()
    toggles.set(
        .journalStorage, journal,
        from: .commandLine(argument: "journal-storage=\(journal ? "on" : "off")"))
    return toggles
}

/// Records every value an `@Observable` view model's status takes, as it takes it.
///
/// Observation tells of a change before it is made, so each report reads the value the
/// status had until then, and tracks it again for the next change; the last value is read
/// when asked. Setting a status to the value it has is no change, and is not recorded.
@MainActor
final class StatusLog<Value> {
    private let read: @MainActor () -> Value
    /// The value before each change, in order; the first is the value at the start.
    private var before: [Value] = []

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        track()
    }

    /// Each value taken since the log began, in order; empty when nothing changed.
    var all: [Value] { before.isEmpty ? [] : before.dropFirst() + [read()] }

    @discardableResult
    private func track() -> Value {
        withObservationTracking(read) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.before.append(self.track())
            }
        }
    }
}

/// Calls made through the closures a container would hand a view model.
@MainActor
final class Navigation {
    var signedIn: [UserSession] = []
    var closed = 0
    var signedOut = 0
}

/// A session store whose every write fails, as on a read-only disk.
struct ReadOnlyUserSessionRepository: UserSessionRepository {
    var session: UserSession?

    func load() -> UserSession? { session }
    func save(_ session: UserSession) throws(StorageError) {
        throw .unwritable(file: "/read-only/session.json", reason: "read-only file system")
    }
    func clear() throws(StorageError) {
        throw .unwritable(file: "/read-only/session.json", reason: "read-only file system")
    }
}

/// An outbox whose writes fail.
struct FullOutboxRepository: OutboxRepository {
    func keep(_ message: ContactMessage) throws(StorageError) {
        throw .unwritable(file: "/full/outbox.json", reason: "no space left on device")
    }
    func messages() -> [ContactMessage] { [] }
}
