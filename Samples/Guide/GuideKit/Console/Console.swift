import GuideCore
public import Strata

/// The guide's console: it shows where the user is, reads their answers line by line and
/// hands them to the screen they are on, and understands `:help`, `:scopes`, `:toggles`,
/// `:back` and `:quit` at any prompt.
///
/// `:help` adds the ``HelpLines`` that the features plugged in above the current screen
/// contributed.
///
/// Before the guide shows, it says what the storage start-up did — a move of the data to the
/// engine the `journal-storage` toggle picks, say; the start-up itself ran before the app
/// container was made.
///
/// It reads and writes through ``LineInput`` and ``TextOutput``, so tests drive it in the
/// process exactly as the `guide` executable does:
///
/// ```swift
/// let app = AppContainer(
///     dataDirectory: directory, mailOutput: output, toggles: toggles, storage: storage)
/// let console = Console(app: app, input: input, output: output)
/// let status = await console.run()   // 0 after :quit or the end of the input
/// app.end()
/// ```
@MainActor
public final class Console {
    /// The app container the console shows.
    public let app: AppContainer
    /// The report of every container the console ended, in order: the forms, features and
    /// sessions it closed.
    public private(set) var endReports: [EndReport] = []

    private let input: any LineInput
    private let output: any TextOutput
    private let context: ScreenContext
    private let traces: Bool
    private var root: MainScreen?
    /// The screen whose introduction was shown last, and where it was; the screen is held
    /// weakly so that a new screen never passes for a gone one.
    private weak var introduced: (any Screen)?
    private var introducedLocation = ""

    /// Makes a console for `app`.
    ///
    /// - Parameters:
    ///   - app: The app container to show.
    ///   - input: Where the user's lines come from.
    ///   - output: Where the console writes.
    ///   - traces: Whether to print each container beginning and ending, and each instance
    ///     made and ended, as it happens.
    ///   - endDeadline: How long the end of a closed screen's container — the sign-out's
    ///     flush — may wait for its work; what is still running then is reported.
    public init(
        app: AppContainer, input: any LineInput, output: any TextOutput, traces: Bool = false,
        endDeadline: Duration = .seconds(5)
    ) {
        self.app = app
        self.input = input
        self.output = output
        self.traces = traces
        context = ScreenContext(
            output: output, dataDirectory: app.dataDirectory, endDeadline: endDeadline)
    }

    /// Runs the guide until `:quit` or the end of the input.
    ///
    /// At the end it ends the containers it made; the app container stays for its owner to
    /// end. From the start of the run it warns of every leak the app's tree confirms — an
    /// instance still alive once its container's end has let go of it and a grace period has
    /// passed — those of the ends at exit too, confirmed after it returns if the process
    /// lives on.
    ///
    /// - Returns: The exit status: 0.
    public func run() async -> Int32 {
        let output = output
        if traces {
            app.onTrace { event in output.write("trace: \(event)\n") }
        }
        app.onLeak { leak in output.write("warning: leak: \(leak)\n") }
        context.say(
            "Strata guide: an onboarding flow built on Strata's container tiers.",
            "Type :help for help, :quit to leave.")
        context.say(app.storage.notice)
        let root = MainScreen(app: app, context: context)
        self.root = root
        root.launch()
        while await step() {}
        root.close()
        self.root = nil
        // A session ended here was not signed out: its user is still signed in next time.
        await collectEnds()
        return 0
    }

    /// Asks one question and handles the answer.
    ///
    /// - Returns: Whether to go on.
    private func step() async -> Bool {
        await settle()
        if await collectEnds().contains(where: { $0 is SignedInContainer }) {
            // A session ends while the guide runs only at sign-out; its flush is done now.
            context.say("Signed out.")
        }
        guard let screen = activeScreen else { return false }
        if screen !== introduced || screen.location != introducedLocation {
            context.say(screen.introduction())
            introduced = screen
            introducedLocation = screen.location
        }
        let question = screen.question
        output.write("[\(screen.location)] \(question.label)> ")
        let line = await question.isSecret ? input.readSecretLine() : input.readLine()
        guard let line else {
            context.say("", "End of input: leaving the guide.")
            return false
        }
        let command = ConsoleCommand(line)
        if !input.isInteractive {
            let hides = question.isSecret && command == nil && !line.isEmpty
            output.write((hides ? "********" : line) + "\n")
        }
        switch command {
        case nil:
            await screen.answer(line)
        case .help:
            context.say(help(at: screen.location, in: activeContainer))
        case .scopes:
            context.say(String(describing: app.tree))
        case .toggles:
            context.say(app.toggles.report)
        case .back:
            screen.goBack()
        case .quit:
            context.say("Goodbye.")
            return false
        case .unknown(let word):
            context.say("Unknown command '\(word)'. The commands are:", ConsoleCommand.summary)
        }
        return true
    }

    /// Lets the screens catch up with what the last answer, or the launch, changed.
    ///
    /// Each screen follows its view model with `Screen.follow`, which tells it of a change in
    /// a main-actor job queued behind the one that made the change. Yielding queues the
    /// console behind those jobs, so they run, in the order of the changes, before it asks
    /// its next question.
    private func settle() async {
        await Task.yield()
    }

    /// The deepest screen: the one the user talks to.
    private var activeScreen: (any Screen)? {
        var screen: (any Screen)? = root
        while let child = screen?.child { screen = child }
        return screen
    }

    /// The container of the deepest screen: the last child a host opened, or the app.
    private var activeContainer: any Container {
        var container: any Container = app
        var screen: (any Screen)? = root
        while let host = (screen as? any HostScreen)?.host, let child = host.childContainer {
            container = child
            screen = host.child
        }
        return container
    }

    /// Awaits the ends the closed screens began — the session's flush at sign-out — keeps
    /// their reports, and warns of the work that did not finish by the deadline.
    ///
    /// - Returns: The containers ended since the last call, in the order they ended.
    @discardableResult
    private func collectEnds() async -> [any Container] {
        let ends = await context.finishedEnds()
        for end in ends {
            endReports.append(end.report)
            for work in end.report.overran { context.say("warning: not finished: \(work)") }
        }
        return ends.map(\.container)
    }

    /// The commands, where the user is, and the ``HelpLines`` the features plugged in above
    /// `container` contributed: what the user can do from here.
    private func help(at location: String, in container: any Container) -> [String] {
        let general = """
            Answer the question at the prompt, or type one of these commands:
            \(ConsoleCommand.summary)
            You are at \(location). The demo account is \(LocalAuthenticationAPI.demoEmail), \
            password \(LocalAuthenticationAPI.demoPassword).
            Your data is in \(app.dataDirectory.path).
            """
        // The lines' factories only describe; one that fails is a bug in the wiring.
        let lines = try! container.gather(HelpLines.self)
        guard !lines.isEmpty else { return [general] }
        return [general, "What the features here offer:"] + lines.map { "  " + $0 }
    }
}
