import Foundation
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// What the console does at any prompt: commands, wrong answers, echo, the end of input.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct ConsoleTests {
    let directory = TemporaryDirectory()

    @Test func helpSaysWhereTheUserIsAndTheDemoAccount() async {
        let run = await runConsole(["1", ":help", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signIn] email> :help\n", ":scopes", ":back", ":quit",
                "You are at guide/signIn. The demo account is demo@example.com, password demo1234.",
                "Your data is in \(directory.url.path)", "[guide/signIn] email> :quit\n",
            ])
    }

    @Test func scopesShowsTheFormInItsInteractionTierUnderTheGuide() async {
        let run = await runConsole(["1", ":scopes", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signIn] email> :scopes\n", "AppContainer (app)\n",
                "  GuideContainer (feature)\n", "    guideViewModel: GuideViewModel\n",
                "    SignInFormContainer (interaction)\n",
                "      signInViewModel: SignInViewModel\n", "[guide/signIn] email> :quit\n",
            ])
    }

    @Test func anUnknownCommandIsExplainedAndTheQuestionAskedAgain() async {
        let run = await runConsole(["1", ":frobnicate", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signIn] email> :frobnicate\n",
                "Unknown command ':frobnicate'. The commands are:\n", ":help",
                "[guide/signIn] email> :quit\n",
            ])
    }

    @Test func aChoiceNotOnTheMenuIsExplainedAndAskedAgain() async {
        let run = await runConsole(["7", "", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/welcome] choice> 7\n",
                "'7' is not a choice here. Type a number from 1 to 4, or 'sign in', 'sign up',",
                "[guide/welcome] choice> \n", "Please choose: a number from 1 to 4",
                "[guide/welcome] choice> :quit\n",
            ])
    }

    @Test func aCommandTypedWithoutItsColonAtAMenuIsPointedToIt() async {
        let run = await runConsole(["quit", "help me", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/welcome] choice> quit\n",
                "'quit' is not a choice here. Type a number from 1 to 4, or 'sign in', 'sign up',",
                "'reset password'. Commands start with ':': did you mean ':quit'?\n",
                "[guide/welcome] choice> help me\n",
                "'help me' is not a choice here. Type a number from 1 to 4, or 'sign in',",
                "'reset password'.\n",
                "[guide/welcome] choice> :quit\n",
            ])
    }

    @Test func anInvalidValueIsExplainedAndTheSameFieldAskedAgain() async {
        let run = await runConsole(["2", "", "Ada", "not-an-email", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signUp] name> \n", "Please enter your name.\n",
                "[guide/signUp] name> Ada\n", "[guide/signUp] email> not-an-email\n",
                "'not-an-email' is not an email address. Type one like ada@example.com.\n",
                "[guide/signUp] email> :quit\n",
            ])
    }

    @Test func theSameInvalidValueTwiceIsExplainedTwice() async {
        let run = await runConsole(["2", "", "", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/signUp] name> \n", "Please enter your name.\n", "[guide/signUp] name> \n",
                "Please enter your name.\n", "[guide/signUp] name> :quit\n",
            ])
    }

    @Test func theEndOfInputInAFormLeavesCleanlyAndEndsTheForm() async throws {
        let run = await runConsole(["1", "demo@example.com"], in: directory)
        #expect(run.status == 0)
        #expect(
            run.output.hasSuffix("[guide/signIn] password> \nEnd of input: leaving the guide.\n"))
        let endedTypes = run.console.endReports.flatMap(\.ended).map(\.typeName)
        #expect(endedTypes == ["SignInFormContainer", "GuideContainer"])
        #expect(await run.leaks().isEmpty)
    }

    @Test func aScriptIsEchoedButATerminalIsNot() async {
        let piped = await runConsole(["1", "demo@example.com", ":quit"], in: directory)
        #expect(piped.output.contains("[guide/signIn] email> demo@example.com\n"))
        let typed = await runConsole(
            ["1", "demo@example.com", ":quit"].map(ScriptedInput.Step.line), in: directory,
            isInteractive: true)
        #expect(typed.output.contains("[guide/signIn] email> [guide/signIn] password> "))
        #expect(!typed.output.contains("demo@example.com\n["))
    }

    @Test func aPasswordIsEchoedHiddenButACommandAtItsPromptIsNot() async {
        let run = await runConsole(["1", "demo@example.com", ":help", "demo1234"], in: directory)
        #expect(run.output.contains("[guide/signIn] password> :help\n"))
        #expect(run.output.contains("[guide/signIn] password> ********\n"))
        #expect(!run.output.contains("demo1234\n"))
    }

    @Test func onlyThePasswordIsReadAsASecretNotShownAsTyped() async {
        let run = await runConsole(
            ["1", "demo@example.com", "demo1234", ":quit"], in: directory)
        #expect(run.input.secretReads == 1)
        #expect(run.output.contains("Signed in."))
    }

    @Test func backAtTheNotificationQuestionLeavesWithoutSigningIn() async {
        let run = await runConsole(
            ["1", "demo@example.com", "demo1234", ":back", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/requestNotification] choice> :back\n",
                "You left before answering, so you are not signed in.\n",
                "Welcome to the Strata guide.", "[guide/welcome] choice> :quit\n",
            ])
        #expect(directory.fileNames.isEmpty)
    }

    @Test func traceShowsContainersAndInstancesAsTheyComeAndGo() async {
        let run = await runConsole(
            ["1", ":back", ":quit"].map(ScriptedInput.Step.line), in: directory, traces: true)
        expectInOrder(
            run.output,
            [
                "trace: began GuideContainer (feature tier)\n",
                "trace: made GuideContainer.guideViewModel: GuideViewModel\n",
                "[guide/welcome] choice> 1\n",
                "trace: began SignInFormContainer (interaction tier)\n",
                "trace: made SignInFormContainer.signInViewModel: SignInViewModel\n",
                "[guide/signIn] email> :back\n", "Sign-in cancelled.\n",
                "trace: ended SignInFormContainer.signInViewModel: SignInViewModel\n",
                "trace: ended SignInFormContainer (interaction tier)\n", "Goodbye.\n",
                "trace: ended GuideContainer (feature tier)\n",
                "trace: ended AppContainer (app tier)\n",
            ])
    }
}
