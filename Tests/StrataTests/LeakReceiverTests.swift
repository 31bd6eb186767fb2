import Strata
import Testing

/// What a receiver captures: gone once nothing holds the receiver's handler.
private final class Captured: Sendable {}

@Suite("The leak watcher lets go of a receiver when it is cancelled")
struct LeakReceiverTests {
    @Test("once cancel() returns, the watcher holds neither the receiver nor what it captured")
    func cancelLetsGo() {
        let app = TestApp()
        weak var subscription: Subscription?
        weak var captured: Captured?
        do {
            let kept = app.onLeak { [object = Captured()] _ in withExtendedLifetime(object) {} }
            subscription = kept
            kept.cancel()
        }
        do {
            let object = Captured()
            captured = object
            app.onLeak { [object] _ in withExtendedLifetime(object) {} }.cancel()
        }
        #expect(subscription == nil)
        #expect(captured == nil)
        #expect(app.scope.core.leakReceiverCount == 0)
        app.end()
    }

    @Test("a root that adds and cancels a receiver per screen keeps none of them")
    func manyCancelledKeepNothing() {
        let app = TestApp()
        let kept = app.onLeak { _ in }
        weak var last: Subscription?
        for _ in 0..<1_000 {
            let subscription = app.onLeak { _ in }
            last = subscription
            subscription.cancel()
        }
        #expect(last == nil)
        #expect(app.scope.core.leakReceiverCount == 1)
        kept.cancel()
        app.end()
    }

    @Test(
        "a leak reaches the receivers not cancelled, and none cancelled before it was judged",
        .timeLimit(.minutes(1)))
    func onlyLiveReceiversHear() async {
        let app = TestApp().judging()
        let heard = Locked<[String]>([])
        app.onLeak { _ in heard.withLock { $0.append("kept") } }
        app.onLeak { _ in heard.withLock { $0.append("cancelled") } }.cancel()
        let feature = app.makeFeature()
        let kept = feature.screen()
        #expect(await feature.end().leaks().count == 1)
        #expect(heard.withLock { $0 } == ["kept"])
        withExtendedLifetime(kept) {}
        app.end()
    }
}
