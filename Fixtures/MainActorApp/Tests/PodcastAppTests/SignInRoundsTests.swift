import Strata
import StrataTesting
import Testing

@testable import PodcastApp

// What a user does many times a day, many times over: sign in, play, sign out. The sign-out
// awaits the session's flush, and leaves nothing alive.

@Suite("Signing in and out, over and over", .noLeaks)
struct SignInRoundsTests {
    @Test(
        "200 rounds of sign-in, play, sign-out with endAndWait leave no survivors",
        .timeLimit(.minutes(1)))
    func twoHundredRounds() async {
        let app = AppContainer()
        for round in 0..<200 {
            let session = app.makeSession(for: User(name: "Ada"))
            let played = await openPlayerAndPlay(
                round.isMultiple(of: 2) ? newest : pilot, in: session)
            #expect(played, "round \(round)")
            let report = await session.endAndWait()
            #expect(report.overran.isEmpty, "round \(round): \(report)")
        }
        #expect(await app.history().played(by: "Ada").count == 200)
    }
}
