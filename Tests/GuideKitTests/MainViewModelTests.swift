import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct MainViewModelTests {
    @Test func launchWithoutAStoredSessionGuides() {
        let main = MainViewModel(sessionRepository: InMemoryUserSessionRepository())
        let log = StatusLog { main.status }
        main.launch()
        #expect(log.all == [.guiding])
        #expect(main.sessionProblem == nil)
    }

    @Test func launchWithAStoredSessionIsSignedIn() {
        let main = MainViewModel(
            sessionRepository: InMemoryUserSessionRepository(session: adaSession))
        main.launch()
        #expect(main.status == .signedIn(adaSession))
    }

    @Test func launchWithACorruptSessionReportsItAndGuides() throws {
        let directory = TemporaryDirectory()
        try Data("{ not json".utf8).write(to: directory.file("session.json"))
        let main = MainViewModel(
            sessionRepository: FileUserSessionRepository(directory: directory.url))
        main.launch()
        #expect(main.status == .guiding)
        guard case .corrupt(let file, let movedTo, let reason) = main.sessionProblem else {
            Issue.record(
                "expected a corrupt-session problem, got \(String(describing: main.sessionProblem))"
            )
            return
        }
        #expect(file == directory.file("session.json").path)
        #expect(movedTo.hasPrefix(directory.file("session.json.corrupt-").path))
        #expect(reason == "it is not valid JSON")
    }

    @Test func launchHappensOnce() {
        let repository = InMemoryUserSessionRepository()
        let main = MainViewModel(sessionRepository: repository)
        main.launch()
        repository.save(adaSession)
        main.launch()
        #expect(main.status == .guiding)
    }

    @Test func signedInStoresTheSessionAndShowsTheHome() {
        let repository = InMemoryUserSessionRepository()
        let main = MainViewModel(sessionRepository: repository)
        main.launch()
        main.signedIn(adaSession)
        #expect(main.status == .signedIn(adaSession))
        #expect(repository.load() == adaSession)
    }

    @Test func signedInThatCannotBeStoredStillSignsInAndSaysWhy() {
        let main = MainViewModel(sessionRepository: ReadOnlyUserSessionRepository())
        main.launch()
        main.signedIn(adaSession)
        #expect(main.status == .signedIn(adaSession))
        #expect(
            main.sessionProblem
                == .unwritable(file: "/read-only/session.json", reason: "read-only file system"))
    }

    @Test func eachStorageProblemIsReportedAnewEvenWhenItReadsTheSame() {
        let main = MainViewModel(sessionRepository: ReadOnlyUserSessionRepository())
        main.launch()
        let log = StatusLog { main.sessionProblem }
        main.signedIn(adaSession)
        main.signOut()
        let problem = StorageError.unwritable(
            file: "/read-only/session.json", reason: "read-only file system")
        #expect(log.all == [problem, nil, problem])
    }

    @Test func signOutClearsTheSessionAndGuides() {
        let repository = InMemoryUserSessionRepository(session: adaSession)
        let main = MainViewModel(sessionRepository: repository)
        main.launch()
        main.signOut()
        #expect(main.status == .guiding)
        #expect(repository.load() == nil)
    }

    @Test func signOutWhileGuidingDoesNothing() {
        let repository = InMemoryUserSessionRepository()
        let main = MainViewModel(sessionRepository: repository)
        main.launch()
        let log = StatusLog { main.status }
        main.signOut()
        #expect(log.all.isEmpty)
    }
}
