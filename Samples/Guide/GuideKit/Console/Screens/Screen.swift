import Foundation
import Strata

/// What the console asks at its prompt: `[guide/signIn] email> `.
struct Question {
    /// What is asked, in a word or two.
    var label: String
    /// Whether the answer is hidden when echoed, like a password.
    var isSecret = false
}

/// The console's view of one view model.
///
/// A screen shows what the view model's status says and hands the user's answers to it. It
/// never decides where the app goes next — the view model does, and the screen follows its
/// status with ``follow(_:in:_:onChange:)``, bound to the container the screen shows.
///
/// A screen that shows a form or a feature below it is a ``HostScreen``: it makes the
/// child's container when the status says so and opens it in its ``ScreenHost``, which
/// ends the container when the status moves on.
@MainActor
protocol Screen: AnyObject {
    /// Where the user is, shown in the prompt: `guide/signIn`.
    var location: String { get }
    /// What to ask for next.
    var question: Question { get }
    /// The screen shown below this one, if any; the console talks to the deepest.
    var child: (any Screen)? { get }
    /// The lines to show when the console comes (back) to this screen.
    func introduction() -> [String]
    /// Hands the user's answer to the view model.
    func answer(_ text: String) async
    /// Goes back one step, for `:back`.
    func goBack()
    /// Closes what the screen shows below it, deepest first, at exit.
    func close()
}

extension Screen {
    /// A screen with nothing below it has nothing to close.
    func close() {}
}

/// A child screen with the container made for it.
struct OpenScreen {
    let screen: any Screen
    let container: any Container
}

/// How the console ends the container of a screen that closes.
enum EndOnClose {
    /// With `end()`, where the screen closes: the container starts no work to await.
    case atOnce
    /// With `endAndWait(within:)`, in a task started where the screen closes and awaited
    /// before the console asks its next question: the end does work that must finish first,
    /// such as the session's outbox flushing its last messages at sign-out.
    case awaitingItsWork
}

/// A closed screen's container, and the report of its end.
struct ClosedContainer {
    let container: any Container
    let report: EndReport
}

/// What the screens share: where they write, and the ends of the containers they closed.
@MainActor
final class ScreenContext {
    let output: any TextOutput
    let dataDirectory: URL
    /// How long an end that awaits its work may wait for it.
    private let endDeadline: Duration
    /// The ends finished since the console last asked, in the order they finished.
    private var ended: [ClosedContainer] = []
    /// The ends still awaiting their work.
    private var ending: [Task<Void, Never>] = []

    init(output: any TextOutput, dataDirectory: URL, endDeadline: Duration) {
        self.output = output
        self.dataDirectory = dataDirectory
        self.endDeadline = endDeadline
    }

    /// Writes each line, with a line break.
    func say(_ lines: String...) { say(lines) }

    /// Writes each line, with a line break.
    func say(_ lines: [String]) {
        output.write(lines.map { $0 + "\n" }.joined())
    }

    /// Closes `closing` and what it shows, deepest first, and ends each container as its
    /// screen closes, as its ``EndOnClose`` says.
    ///
    /// Each container is ended on its own, after the children its screen showed, so that
    /// every end has a report of its own.
    ///
    /// - Parameter closing: The screen to close, taken from its host.
    func close(_ closing: OpenScreen) {
        closing.screen.close()
        let container = closing.container
        switch (container as? any ShownInConsole)?.endOnClose ?? .atOnce {
        case .atOnce:
            ended.append(ClosedContainer(container: container, report: container.end()))
        case .awaitingItsWork:
            let deadline = endDeadline
            ending.append(
                Task {
                    let report = await container.endAndWait(within: deadline)
                    ended.append(ClosedContainer(container: container, report: report))
                })
        }
    }

    /// Waits for the ends still awaiting their work, and hands over every end finished
    /// since the last call, in the order they finished.
    func finishedEnds() async -> [ClosedContainer] {
        while !ending.isEmpty {
            let waiting = ending
            ending = []
            for end in waiting { await end.value }
        }
        defer { ended = [] }
        return ended
    }
}
