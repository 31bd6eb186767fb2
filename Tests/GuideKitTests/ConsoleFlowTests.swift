import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import Strata
import StrataTesting
import Synchronization
import Testing

/// Each path through the sample, driven through the console's input as a user would.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct ConsoleFlowTests {
    let directory = TemporaryDirectory()

    @Test func signUpAllowNotificationsEditTheProfileAndSignOut() async throws {
        var treeAfterSignOut: ScopeTree?
        var app: AppContainer?
        let run = await runConsole(
            [
                .line("2"), .line("Ada Lovelace"), .line("ada@example.com"),
                .line("analytical1"), .line("allow"), .line("profile"), .line("edit name"),
                .line("Countess Ada"), .line("back home"), .line("sign out"),
                .inspect { treeAfterSignOut = app?.tree }, .line(":quit"),
            ], in: directory, onStart: { app = $0 })
        expectInOrder(
            run.output,
            [
                "[guide/welcome] choice> 2\n", "[guide/signUp] name> Ada Lovelace\n",
                "[guide/signUp] email> ada@example.com\n", "[guide/signUp] password> ********\n",
                "Your account is ready.\n", "May we send you notifications",
                "[guide/requestNotification] choice> allow\n",
                "Home. You are signed in as Ada Lovelace <ada@example.com>.\n",
                "[home] choice> profile\n", "  notifications  allowed\n",
                "[home/profile] choice> edit name\n",
                "[home/profile/editName] new name> Countess Ada\n", "Name saved.\n",
                "  name           Countess Ada\n", "[home/profile] choice> back home\n",
                "Home. You are signed in as Countess Ada <ada@example.com>.\n",
                "[home] choice> sign out\n", "Signed out.\n", "Welcome to the Strata guide.",
                "[guide/welcome] choice> :quit\n", "Goodbye.\n",
            ])
        #expect(run.status == 0)
        #expect(!run.output.contains("analytical1"))
        #expect(!directory.fileNames.contains("session.json"))
        #expect(directory.allContents.contains(#""allowed""#))

        let tree = try #require(treeAfterSignOut)
        #expect(!tree.everyNode.contains { $0.container.tier == "session" })
        #expect(tree.everyNode.map(\.container.typeName) == ["AppContainer", "GuideContainer"])
        let signOut = try #require(run.endReport(of: "SignedInContainer"))
        #expect(await signOut.leaks().isEmpty, "\(signOut)")
        #expect(await run.leaks().isEmpty)
        #expect(!run.output.contains("warning:"))
    }

    @Test func aPlanPreparesTheSessionMadeAtSignIn() async {
        // The flow makes the SignedInContainer when the user signs in, out of the test's
        // reach; a plan on the app replaces that session's notification answers before
        // anything is resolved from it.
        let prepared = Recorded()
        let run = await runConsole(
            [
                .line("1"), .line("demo@example.com"), .line("demo1234"), .line("deny"),
                .line("profile"), .line(":quit"),
            ],
            in: directory,
            onStart: { app in
                app.prepare(SignedInContainer.self) { signedIn in
                    let user = signedIn.user().value
                    prepared.append(user.email)
                    signedIn.notificationPreferences.override {
                        InMemoryNotificationPreferenceRepository(choices: [user.userID: .allowed])
                    }
                }
            })
        expectInOrder(
            run.output,
            [
                "[guide/requestNotification] choice> deny\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
                // The guide stored "denied" in the app's repository; the session reads the
                // planned one.
                "[home] choice> profile\n", "  notifications  allowed\n",
            ])
        #expect(directory.allContents.contains(#""denied""#))
        #expect(prepared.all == ["demo@example.com"])
    }

    @Test func signInWithTheDemoAccount() async {
        let run = await runConsole(
            ["1", "demo@example.com", "demo1234", "deny", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "Sign in. The demo account is demo@example.com, password demo1234.\n",
                "[guide/signIn] email> demo@example.com\n", "[guide/signIn] password> ********\n",
                "Signed in.\n", "[guide/requestNotification] choice> deny\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
        #expect(directory.allContents.contains("demo@example.com"))
        #expect(directory.allContents.contains(#""denied""#))
    }

    @Test func aWrongPasswordAsksAgainAndSignsNobodyIn() async {
        let run = await runConsole(
            ["sign in", "demo@example.com", "demo4321", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signIn] password> ********\n",
                "That email and password do not match an account.",
                "[guide/signIn] email> :quit\n",
            ])
        #expect(!run.output.contains("Home."))
        #expect(directory.fileNames.isEmpty)
    }

    @Test func resetPasswordShowsTheMailAndReturnsToWelcome() async {
        let run = await runConsole(["4", "demo@example.com", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/resetPassword] email> demo@example.com\n",
                "┌─ mail the stand-in would send (nothing was sent) ─\n",
                "│ To: demo@example.com\n", "https://guide.example.com/reset?token=",
                "If an account has that address, a reset link is on its way.\n",
                "Welcome to the Strata guide.", "[guide/welcome] choice> :quit\n",
            ])
    }

    @Test func contactUsKeepsTheMessageInTheOutbox() async throws {
        let run = await runConsole(
            ["contact us", "ada@example.com", "hi", "Is the demo account shared?", ":quit"],
            in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/contactUs] message> hi\n",
                "Please write a little more: at least 10 characters.\n",
                "[guide/contactUs] message> Is the demo account shared?\n",
                "Thank you. Your message is in the outbox, in \(directory.url.path).\n",
                "[guide/welcome] choice> :quit\n",
            ])
        let messages = try FileOutboxRepository(directory: directory.url).messages()
        #expect(messages.map(\.text) == ["Is the demo account shared?"])
        #expect(messages.map(\.replyTo) == ["ada@example.com"])
    }

    @Test func cancellingAFormHalfwayEndsItsContainerAndKeepsNothing() async throws {
        var treeAfterCancel: ScopeTree?
        var app: AppContainer?
        let run = await runConsole(
            [
                .line("2"), .line("Ada"), .line("ada@example.com"), .line(":back"),
                .line(":back"), .line(":back"), .inspect { treeAfterCancel = app?.tree },
                .line("2"), .line("Ada"), .line("ada@example.com"), .line("analytical1"),
            ], in: directory, onStart: { app = $0 })
        expectInOrder(
            run.output,
            [
                "[guide/signUp] password> :back\n", "[guide/signUp] email> :back\n",
                "[guide/signUp] name> :back\n", "Sign-up cancelled.\n",
                "Welcome to the Strata guide.", "[guide/welcome] choice> 2\n",
                "[guide/signUp] password> ********\n", "Your account is ready.\n",
            ])
        let tree = try #require(treeAfterCancel)
        #expect(!tree.everyNode.contains { $0.container.tier == "interaction" })
        let cancelled = try #require(run.endReport(of: "SignUpFormContainer"))
        #expect(await cancelled.leaks().isEmpty)
    }

    @Test func theNotificationAnswerIsAskedOncePerUser() async {
        let run = await runConsole(
            [
                "1", "demo@example.com", "demo1234", "allow", "sign out", "1",
                "demo@example.com", "demo1234", ":quit",
            ], in: directory)
        let questions = run.output.components(separatedBy: "May we send you notifications")
        #expect(questions.count == 2)
        expectInOrder(
            run.output,
            [
                "Signed out.\n", "[guide/signIn] password> ********\n", "Signed in.\n",
                "Home. You are signed in as Demo User",
            ])
    }
}

/// Strings recorded from any thread, in order.
final class Recorded: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
