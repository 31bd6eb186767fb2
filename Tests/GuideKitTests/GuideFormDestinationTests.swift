import Foundation
import GuideContactFeature
import GuideCore
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// The guide's forms open as every child does: each is a ``Destination`` whose container
/// the host makes under the guide, hands its `onClose`, and ends.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct GuideFormDestinationTests {
    let directory = TemporaryDirectory()

    /// Each form of the guide: its destination's name and the container it makes.
    nonisolated static let forms: [(name: String, container: String)] = [
        ("signIn", "SignInFormContainer"), ("signUp", "SignUpFormContainer"),
        ("contactSupport", "ContactUsFormContainer"),
        ("resetPassword", "ResetPasswordFormContainer"),
    ]

    func form(_ name: String, of guide: GuideContainer) -> Destination {
        switch name {
        case "signIn": guide.signInForm
        case "signUp": guide.signUpForm
        case "contactSupport": guide.contactUsForm
        default: guide.resetPasswordForm
        }
    }

    @Test(arguments: forms)
    func aFormOpenedThroughItsDestinationEndsWithTheGuide(name: String, container: String) {
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        let guide = app.makeGuideContainer()
        let destination = form(name, of: guide)
        #expect(destination.name == name)
        let opened = destination.makeContainer(under: guide, onClose: {})
        #expect(String(describing: type(of: opened)) == container)
        #expect(guide.tree.children.map(\.container.tier) == ["interaction"])

        let report = guide.end()
        #expect(report.ended.count == 2)
        #expect(report.ended.last?.typeName == "GuideContainer")
        #expect(!opened.isActive)
        app.end()
    }

    @Test func aLeftFormCallsTheOnCloseItWasOpenedWith() throws {
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        let guide = app.makeGuideContainer()
        let navigation = Navigation()
        let form = try guide.signInForm.open(
            SignInFormContainer.self, under: guide, onClose: { navigation.closed += 1 })
        form.signInViewModel().cancel()
        #expect(navigation.closed == 1)
        // The form told whoever opened it, not the guide: the guide is where it was.
        #expect(guide.guideViewModel().status == .welcome)
        guide.end()
        app.end()
    }

    @Test func contactUsInTheGuideOpensTheContactFeaturesFormInItsOneWording() async {
        let run = await runConsole(["contact us", ":scopes", ":quit"], in: directory)
        expectInOrder(
            run.output,
            [
                "[guide/welcome] choice> contact us\n",
                "Contact support. Leave an address and a message; we answer by mail.\n",
                "[guide/contactUs] email> :scopes\n", "    ContactUsFormContainer (interaction)\n",
            ])
        #expect(!run.output.contains("Contact us."))
    }
}
