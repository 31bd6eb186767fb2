import Foundation
import GuideKit
import GuideTestSupport
import Observation
import Strata
import StrataTesting
import Testing

/// What the console relies on from `trackOnMainActor`.
///
/// A change reaches the screen in one main-actor job queued behind it (the console yields
/// once before each question), and a followed view model leaves with its container. The
/// library's own tests hold the rest.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct FollowingTests {
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

    /// Lets the main actor run the jobs queued so far, as `Console.settle()` does.
    func settle() async { await Task.yield() }

    @Test func callsTheHandlerWithTheNewValueAfterTheChangeNotDuringIt() async {
        let host = Host()
        let model = Model()
        let calls = Calls()
        host.trackOnMainActor {
            model.status
        } onChange: {
            calls.values.append($0)
        }
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
        host.trackOnMainActor {
            model.status
        } onChange: {
            calls.values.append($0)
        }
        model.status = 1
        model.status = 2
        model.status = 3
        await settle()
        #expect(calls.values == [3])
        host.end()
    }

    @Test func aFollowedViewModelLeavesWithItsContainer() {
        let directory = TemporaryDirectory()
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        let guide = app.makeGuideContainer()
        let viewModel = guide.guideViewModel()
        guide.trackOnMainActor {
            viewModel.status
        } onChange: { _ in
        }
        viewModel.showSignIn()
        guide.end()
        app.end()
        // The suite's check fails the test if the tracking still holds the view model once
        // the test has let go of it.
    }
}
