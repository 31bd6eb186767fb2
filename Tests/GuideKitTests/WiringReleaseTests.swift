import GuideCore
import GuideKit
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// No container of the guide is held by its own wiring: each container that installs route
/// handlers, contributions or end hooks, used and then released without `end()`,
/// deinitialises, and the leak check finds it ended.
@Suite(.timeLimit(.minutes(1))) @MainActor struct WiringReleaseTests {
    let directory = TemporaryDirectory()

    @Test(
        "the signed-in session, its features installed and used, goes when released without end()")
    func signedInGoesWhenReleased() async throws {
        weak var released: SignedInContainer?
        let url = directory.url
        let findings = try await NoLeaksTrait.check {
            let app = AppContainer(dataDirectory: url, mailOutput: RecordingOutput())
            do {
                let signedIn = app.makeSignedInContainer(for: adaSession)
                released = signedIn
                _ = signedIn.outbox()
                _ = signedIn.homeViewModel()
                #expect(
                    try signedIn.gather(HomeMenu.self).map(\.title) == [
                        "profile", "contact support",
                    ])
                #expect(try signedIn.gather(HelpLines.self).count == 2)
                _ = try signedIn.perform(ContactSupport(about: "my account"))
                #expect(try signedIn.perform(CurrentProfile()).name == adaSession.name)
            }
            #expect(released == nil)
            app.end()
        }
        #expect(findings.neverEnded.isEmpty)
        #expect(findings.isEmpty)
    }
}
