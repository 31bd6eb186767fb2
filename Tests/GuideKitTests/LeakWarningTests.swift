import Foundation
import GuideCore
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// The console warns of each leak the app's tree confirms, as the app's leak receiver hears
/// of it; a container that only ends with something still alive is no warning.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct LeakWarningTests {
    let directory = TemporaryDirectory()
    let script = ["1", "demo@example.com", "demo1234", "allow", "draft", ":quit"]

    @Test func aLeakOfAClosedScreensContainerIsWarnedOf() async {
        let output = RecordingOutput()
        let (directory, script) = (directory.url, script)
        // Stands for a global that keeps what it is given: the draft outlives its form, and
        // the test's body.
        let keeper = Keeper()
        let findings = await NoLeaksTrait.check { @MainActor @Sendable in
            let console = Console(
                app: Self.app(in: directory, writingTo: output, keepingDrafts: keeper),
                input: ScriptedInput(script), output: output)
            _ = await console.run()
            console.app.end()
            var leaks: [WatchedInstance] = []
            for report in console.endReports { leaks += await report.leaks() }
            // The receiver has heard of each leak by the time its verdict is given.
            #expect(leaks.map(\.typeName) == ["Draft"])
            #expect(
                output.text.contains(
                    "warning: leak: DraftForm.draft: Draft is still alive after DraftForm ended"))
        }
        #expect(findings.leaks.map(\.typeName) == ["Draft"])
        withExtendedLifetime(keeper) {}
    }

    @Test func aContainerEndedWithNothingKeptWarnsOfNothing() async {
        let output = RecordingOutput()
        let console = Console(
            app: Self.app(in: directory.url, writingTo: output, keepingDrafts: nil),
            input: ScriptedInput(script), output: output)
        _ = await console.run()
        console.app.end()
        for report in console.endReports { #expect(await report.leaks().isEmpty) }
        #expect(output.text.contains("The console cannot show draft.\n"))
        #expect(!output.text.contains("warning:"))
    }

    /// An app whose home offers a draft form, which the console cannot show and ends as it
    /// opens; the form's draft is made first, and given to `keeper` if there is one.
    private static func app(
        in directory: URL, writingTo output: RecordingOutput, keepingDrafts keeper: Keeper?
    ) -> AppContainer {
        let app = AppContainer(dataDirectory: directory, mailOutput: output)
        app.prepare(SignedInContainer.self) { signedIn in
            signedIn.contribute(HomeMenu.self) { _ in
                HomeEntry(
                    title: "draft",
                    opens: Destination("draft") { host, _ in
                        let form = DraftForm(parent: host)
                        let draft = form.draft()
                        keeper?.keep(draft)
                        return form
                    })
            }
        }
        return app
    }
}

/// A form the console has no screen for, with a draft of its own.
private final class DraftForm: Container {
    let scope: InteractionScope<any Container>
    init(parent: some Container) { scope = InteractionScope(parent: parent) }

    var draft: Provider<Draft> { shared { Draft() } }
}

private final class Draft: Sendable {}

/// Keeps what it is given for as long as it lives.
@MainActor private final class Keeper {
    private var kept: [AnyObject] = []
    func keep(_ object: AnyObject) { kept.append(object) }
}
