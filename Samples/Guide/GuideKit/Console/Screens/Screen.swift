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
/// retires the container when the status moves on.
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

/// What the screens share: where they write, and the containers they are done with.
@MainActor
final class ScreenContext {
    let output: any TextOutput
    let dataDirectory: URL
    private var retired: [any Container] = []

    init(output: any TextOutput, dataDirectory: URL) {
        self.output = output
        self.dataDirectory = dataDirectory
    }

    /// Writes each line, with a line break.
    func say(_ lines: String...) { say(lines) }

    /// Writes each line, with a line break.
    func say(_ lines: [String]) {
        output.write(lines.map { $0 + "\n" }.joined())
    }

    /// Closes `open` and what it shows, deepest first: the screens go now, their containers
    /// end once the input being handled is done with (see ``takeRetired()``).
    ///
    /// Each container is retired on its own rather than ended with its parent, so that none
    /// ends by being released — every end gets a report.
    ///
    /// - Parameter open: The screen to close.
    func close(_ open: inout OpenScreen?) {
        guard let closing = open else { return }
        closing.screen.close()
        retired.append(closing.container)
        open = nil
    }

    /// The containers of closed screens, to end now.
    ///
    /// A status change that closes a screen happens inside a view model's method — the form
    /// that was submitted, the home that signed out — and that view model belongs to the
    /// container being closed. Ending the container only after the method has returned
    /// lets the container release the view model for good, so its end report has no
    /// survivors.
    func takeRetired() -> [any Container] {
        defer { retired = [] }
        return retired
    }
}
