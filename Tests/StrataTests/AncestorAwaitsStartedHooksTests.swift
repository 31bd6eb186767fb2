import Strata
import TestPauses
import Testing

/// The explorer's finding on its async-hook tree, reproduced.
///
/// An ancestor's `endAndWait` that met a child whose end began elsewhere, by `end()`, listed
/// the async hook that end started as overran, unawaited, though its own deadline never
/// passed. An `endAndWait` of the child itself awaits it
/// (`EndAndWaitTests.laterEndAndWaitAwaitsStartedHooks`); an ancestor's now does too.
@Suite("endAndWait of an ancestor awaits the hooks a child's end() started")
struct AncestorAwaitsStartedHooksTests {
    @Test(
        "app.endAndWait awaits the async hook that the session's handed-off end() started",
        .timeLimit(.minutes(1)))
    func ancestorAwaitsAChildsStartedHook() async {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let featureStarted = AsyncGate()
        let featureRelease = AsyncGate()
        feature.onEnd { _ in
            featureStarted.open()
            await featureRelease.wait()
        }
        let sessionHookStarted = AsyncGate()
        let sessionRelease = AsyncGate()
        let sessionHookDone = Locked(false)
        session.onEnd { _ in
            sessionHookStarted.open()
            await sessionRelease.wait()
            sessionHookDone.withLock { $0 = true }
        }
        // The feature's end runs elsewhere, held in its hook.
        let featureEnd = Task { await feature.endAndWait(within: unreachedDeadline) }
        await featureStarted.wait()
        // The session's end() leaves its rest to the feature's end: once that is done, it
        // starts the session's async hook, and does not await it.
        let handedOff = await onAThread { session.end() }
        #expect(handedOff.stillEnding.map(\.typeName) == ["TestSession"])
        let appReturned = Locked(false)
        let appEnd = Task {
            let report = await app.endAndWait(within: unreachedDeadline)
            appReturned.withLock { $0 = true }
            return (report, sessionHookDone.withLock { $0 })
        }
        featureRelease.open()
        await sessionHookStarted.wait()
        // The session's end is done, its hook still held: an app's end that did not await
        // the hook returns now. Give it the chance, then let the hook go.
        _ = await poll(within: .seconds(1)) { appReturned.withLock { $0 } }
        sessionRelease.open()
        let (report, hookDoneFirst) = await appEnd.value
        _ = await featureEnd.value
        withExtendedLifetime((session, feature)) {}
        // Its deadline did not pass: it awaited the session's hook, as the session's own
        // endAndWait would have, and lists nothing as still running.
        #expect(hookDoneFirst, "app.endAndWait returned before the session's hook finished")
        #expect(report.overran.isEmpty, "\(report.overran)")
    }
}
