import Foundation
import Observation
import Strata
import StrataTesting
import Testing

@testable import GuideKit

/// The sample's stand-in for scope-bound tracking: `Container.follow(_:_:)`.
@Suite(.noSurvivors, .timeLimit(.minutes(1))) @MainActor struct FollowingTests {
    /// A model as app teams write one.
    @MainActor @Observable final class Model {
        var status = 0
    }

    /// A container that makes nothing: what it follows is the test's.
    final class Host: Container {
        let scope = AppScope()
    }

    /// What a handler was called with.
    @MainActor final class Calls {
        var values: [Int] = []
    }

    /// Something a handler captures, to see when it is released.
    final class Capture {}

    /// Lets the main actor run the jobs queued so far: `follow` calls its handler in a job
    /// queued behind the change, as the console expects (see `Console.settle()`).
    func settle() async { await Task.yield() }

    @Test func callsTheHandlerWithTheNewValueAfterTheChangeNotDuringIt() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        host.follow({ model.status }, { calls.values.append($0) })
        model.status = 1
        #expect(calls.values.isEmpty)
        await settle()
        #expect(calls.values == [1])
        model.status = 2
        await settle()
        #expect(calls.values == [1, 2])
        host.end()
    }

    @Test func changesMadeBeforeTheHandlerRunsComeAsOneCallWithTheLastValue() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        host.follow({ model.status }, { calls.values.append($0) })
        model.status = 1
        model.status = 2
        model.status = 3
        await settle()
        #expect(calls.values == [3])
        host.end()
    }

    @Test func settingTheValueItHasCallsNothing() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        host.follow({ model.status }, { calls.values.append($0) })
        model.status = 0
        await settle()
        #expect(calls.values.isEmpty)
        host.end()
    }

    @Test func afterTheEndAChangeCallsNothingAndWhatTheHandlerCapturedIsReleased() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        weak var released: Capture?
        do {
            let capture = Capture()
            released = capture
            host.follow(
                { model.status },
                { [capture] in
                    _ = capture
                    calls.values.append($0)
                })
        }
        #expect(released != nil)
        host.end()
        #expect(released == nil)
        model.status = 1
        await settle()
        #expect(calls.values.isEmpty)
    }

    @Test func aCallQueuedBeforeTheEndDoesNothingAfterIt() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        host.follow({ model.status }, { calls.values.append($0) })
        model.status = 1
        host.end()
        await settle()
        #expect(calls.values.isEmpty)
    }

    @Test func aFollowedViewModelLeavesWithItsContainer() {
        let directory = TemporaryDirectory()
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        let guide = app.makeGuideContainer()
        do {
            let viewModel = guide.guideViewModel()
            guide.follow({ viewModel.status }, { _ in })
            viewModel.showSignIn()
        }
        #expect(guide.end().survivors.isEmpty)
        app.end()
    }
}
