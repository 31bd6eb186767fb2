import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// The signed-in home's menu and `:help`, gathered from what the features contribute to the
/// session, driven through the console.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct HomeMenuTests {
    let directory = TemporaryDirectory()
    let signIn = ["1", "demo@example.com", "demo1234", "allow"]

    @Test func theMenuListsTheFeaturesEntriesInTheOrderTheyPluggedInThenSignOut() async {
        let run = await runConsole(signIn + [":quit"], in: directory)
        #expect(
            run.output.contains(
                """
                Home. You are signed in as Demo User <demo@example.com>.
                  1. profile
                  2. contact support
                  3. sign out
                [home] choice> :quit
                """))
    }

    @Test func anEntryContributedToTheSessionShowsWithoutAChangeToTheHome() async throws {
        let run = await runConsole(
            (signIn + [":help", "about", ":quit"]).map(ScriptedInput.Step.line),
            in: directory,
            onStart: { app in
                app.prepare(SignedInContainer.self) { signedIn in
                    signedIn.contribute(HomeMenu.self) { _ in
                        HomeEntry(
                            title: "about",
                            opens: Destination("about") { host, _ in Unshown(parent: host) })
                    }
                    signedIn.contribute(HelpLines.self) { _ in "about: what this guide is." }
                }
            })
        // The plan runs as the session is first used, before the features plug in, so its
        // entry comes first: entries come in the order they were contributed.
        expectInOrder(
            run.output,
            [
                "  1. about\n  2. profile\n  3. contact support\n  4. sign out\n",
                "[home] choice> :help\n", "  about: what this guide is.\n", "  profile: ",
                // The console has no screen for the test's container: it says so, ends the
                // container and stays home.
                "[home] choice> about\n", "The console cannot show about.\n",
                "[home] choice> :quit\n",
            ])
        let unshown = try #require(run.endReport(of: "Unshown"))
        #expect(await unshown.leaks().isEmpty)
    }

    @Test func helpAddsTheFeaturesLinesAtHomeAndNotInTheGuide() async {
        let run = await runConsole([":help"] + signIn + [":help", ":quit"], in: directory)
        let features = [
            "What the features here offer:\n",
            "  profile: your name, address and notification answer; edit your name there.\n",
            "  contact support: write to us; signed in, we answer at your address.\n",
        ]
        let inTheGuide = run.output.components(separatedBy: "Home.")[0]
        #expect(!inTheGuide.contains("What the features here offer:"))
        expectInOrder(run.output, ["[home] choice> :help\n", "You are at home."] + features)
    }

    @Test func theHomesContactSupportOpensAFormUnderTheSessionAboutNothingInParticular()
        async
        throws
    {
        var app: AppContainer?
        var treeInForm: ScopeTree?
        let run = await runConsole(
            (signIn + ["contact support"]).map(ScriptedInput.Step.line) + [
                .inspect { treeInForm = app?.tree }, .line("Where is my data kept?"),
                .line(":quit"),
            ], in: directory, onStart: { app = $0 })
        expectInOrder(
            run.output,
            [
                "[home] choice> contact support\n",
                "Contact support. We answer at demo@example.com.\n",
                "[home/contactSupport] message> Where is my data kept?\n",
                "Thank you. Your message is in the outbox, in \(directory.url.path).\n",
                "Home. You are signed in as Demo User",
            ])
        let session = try #require(
            treeInForm?.everyNode.first { $0.container.typeName == "SignedInContainer" })
        #expect(session.children.map(\.container.typeName) == ["ContactUsFormContainer"])
        let messages = try FileOutboxRepository(directory: directory.url).messages()
        #expect(messages.map(\.replyTo) == ["demo@example.com"])
        #expect(messages.map(\.topic) == [nil])
    }
}

/// A container that no screen of the console shows.
private final class Unshown: Container {
    let scope: InteractionScope<any Container>
    init(parent: some Container) { scope = InteractionScope(parent: parent) }
}
