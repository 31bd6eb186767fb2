import Strata
import Testing

@testable import PodcastApp

// The two leaks a leak check must catch, built as an app builds them by mistake. These tests
// prove the shapes only, from the end report and weak references; they carry no
// `.noSurvivors`, so nothing here asserts what the trait records yet.

@Suite("Leaks the check must report")
struct LeakDetectionTests {
    @Test("a deliberate retain cycle outlives the session that made it", .timeLimit(.minutes(1)))
    func deliberateCycle() async {
        let session = makeDeliberateCycle()
        weak let timer = session.resumeTimer()
        let report = await session.endAndWait()
        #expect(report.survivors.map(\.typeName) == ["ResumeTimer"], "\(report)")
        #expect(report.survivors.map(\.provider.name) == ["resumeTimer"])
        #expect(timer != nil)
        timer?.stop()  // breaks the cycle, so the test leaves nothing behind
        #expect(timer == nil)
    }

    @Test("a session dropped while a screen holds its feature container stays alive and active")
    func leakedSession() {
        let leaked = makeLeakedSession(under: AppContainer())
        #expect(leaked.session != nil)
        #expect(leaked.session?.isActive == true)
        #expect(leaked.coordinator?.screens.map(\.name) == ["library"])
        leaked.session?.end()  // ends it by hand, so the test leaves nothing behind
        #expect(leaked.session == nil)
    }
}
