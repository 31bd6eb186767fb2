import Foundation
import Strata
import Testing

/// Waits through a subscription or a change of an `Observed` value: no lock of Strata's is
/// held while a handler or a change's body runs, and a wait that would never end is reported
/// as a cycle instead of hanging or trapping.
@Suite("Waits through subscriptions and changes")
struct SubscriptionWaitTests {
    @Test(
        "a factory's change reaching a handler that waits for the factory does not trap",
        .timeLimit(.minutes(1)))
    func factoryDeliveringToAWaitingHandler() async {
        await #expect(processExitsWith: .success) {
            for _ in 0..<50 {
                exitIfStuck("a delivery racing a construction") {
                    WaitScenarios.factoryDeliversToWaitingHandler()
                }
            }
        }
    }

    @Test(
        "a factory cancelling a subscription whose handler waits for it: a cycle, reported",
        .timeLimit(.minutes(1)))
    func factoryCancellingAWaitingHandler() async {
        await #expect(processExitsWith: .success) {
            for _ in 0..<20 {
                exitIfStuck("a cancel waiting for a handler that waits for it") {
                    WaitScenarios.factoryCancelsWaitingHandler()
                }
            }
        }
    }

    @Test(
        "a withValue body waiting for a factory that changes the value: a cycle, reported",
        .timeLimit(.minutes(1)))
    func changeWaitingForAFactoryThatChanges() async {
        await #expect(processExitsWith: .success) {
            for _ in 0..<20 {
                exitIfStuck("a change waiting for a factory that changes the value") {
                    WaitScenarios.bodyWaitsForChangingFactory()
                }
            }
        }
    }

    @Test(
        "once cancel() returns the handler is not running and does not run again",
        .tags(.stress), .timeLimit(.minutes(1)), arguments: 0..<20)
    func cancelRacingDelivery(round: Int) {
        let value = Observed(0)
        let cancelled = Locked(false)
        let ranAfterCancel = Locked(false)
        let inHandler = Arrivals()
        let subscription = value.subscribe { _ in
            inHandler.arrive()
            if cancelled.withLock({ $0 }) {
                ranAfterCancel.withLock { $0 = true }
            }
            // Long enough that the cancel lands while this delivery runs.
            spin(microseconds: 200)
            if cancelled.withLock({ $0 }) {
                ranAfterCancel.withLock { $0 = true }
            }
        }
        let setter = Thread { for next in 1...200 { value.value = next } }
        setter.start()
        #expect(inHandler.wait(for: 1))
        subscription.cancel()
        cancelled.withLock { $0 = true }
        while !setter.isFinished { spin(microseconds: 100) }
        #expect(!ranAfterCancel.withLock { $0 })
        #expect(value.registrationCount == 0)
    }

    @Test(
        "once end() returns with the container ended, a tied handler is not running and does not run again",
        .tags(.stress), .timeLimit(.minutes(1)), arguments: 0..<20)
    func endRacingDelivery(round: Int) {
        let app = TestApp()
        let value = Observed(0)
        let feature = app.makeFeature()
        let ended = Locked(false)
        let ranAfterEnd = Locked(false)
        let inHandler = Arrivals()
        value.observe(in: feature) { _ in
            inHandler.arrive()
            if ended.withLock({ $0 }) {
                ranAfterEnd.withLock { $0 = true }
            }
            spin(microseconds: 200)
            if ended.withLock({ $0 }) {
                ranAfterEnd.withLock { $0 = true }
            }
        }
        let setter = Thread { for next in 1...200 { value.value = next } }
        setter.start()
        #expect(inHandler.wait(for: 1))
        // A call begun on another thread is not waited for: the feature is still ending until
        // it returns. An end that finished leaves no call running.
        if feature.end().stillEnding.isEmpty { ended.withLock { $0 = true } }
        while !setter.isFinished { spin(microseconds: 100) }
        #expect(!ranAfterEnd.withLock { $0 })
        #expect(value.registrationCount == 0)
    }

    @Test("a handler that cancels its own subscription returns, and runs no more")
    func handlerCancelsItself() {
        let value = Observed(0)
        let calls = Locked(0)
        let holder = Locked<Subscription?>(nil)
        let subscription = value.subscribe { _ in
            calls.withLock { $0 += 1 }
            holder.withLock { $0?.cancel() }
        }
        holder.withLock { $0 = subscription }
        value.value = 1
        value.value = 2
        #expect(calls.withLock { $0 } == 1)
        #expect(!subscription.isInEffect)
        #expect(value.registrationCount == 0)
    }

    @Test(
        "deliveries from two threads may overlap: neither waits for the other's handler",
        .timeLimit(.minutes(1)))
    func deliveriesOverlap() {
        let value = Observed(0)
        let inside = Barrier(parties: 2)
        let bothInside = Locked(true)
        let subscription = value.subscribe { _ in
            if !inside.arriveAndWait() { bothInside.withLock { $0 = false } }
        }
        #expect(onThreads(2) { index in value.value = index })
        #expect(bothInside.withLock { $0 })
        subscription.cancel()
    }

    @Test("a withValue body that changes its own value traps, naming the fix")
    func nestedChangeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            let value = Observed(0)
            value.withValue { _ in value.value = 1 }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("the body of withValue changed the Observed<Int> it is changing"))
    }
}

/// A container whose provider `built` sets or cancels what a handler on another thread
/// waits in.
final class WaitingApp: Container {
    let scope = AppScope()
    let status = Observed(0)
    let claimed = Arrivals()
    /// What `built`'s factory does once it runs.
    let duringBuild = Locked<@Sendable () -> Void>({})

    var built: Provider<Service> {
        shared {
            self.claimed.arrive()
            self.duringBuild.withLock { $0 }()
            return Service(id: 1)
        }
    }
}

enum WaitScenarios {
    /// Thread B's handler waits for `built`, which thread A builds; A's factory sets the
    /// value B's handler is delivering.
    static func factoryDeliversToWaitingHandler() {
        let app = WaitingApp()
        let inHandler = Arrivals()
        app.status.observe(in: app) { value in
            if value == 1 {
                inHandler.arrive()
                exitUnless(app.claimed.wait(for: 1), status: 88, "built was never claimed")
            }
            // On A, inside `built`'s own factory, this is a cycle on A's stack.
            _ = try? app.built.resolve()
        }
        app.duringBuild.withLock { $0 = { app.status.value = 2 } }
        let finished = onThreads(2) { side in
            if side == 0 {
                app.status.value = 1
            } else {
                exitUnless(inHandler.wait(for: 1), status: 88, "the handler never ran")
                _ = app.built()
            }
        }
        exitUnless(finished, status: stuckStatus, "the threads did not finish")
    }

    /// Thread B's handler waits for `built`, which thread A builds; A's factory cancels B's
    /// subscription, which would wait for the handler: B's resolution gets the cycle.
    static func factoryCancelsWaitingHandler() {
        let app = WaitingApp()
        let inHandler = Arrivals()
        let outcome = Locked<String>("none")
        let subscription = app.status.subscribe { _ in
            inHandler.arrive()
            exitUnless(app.claimed.wait(for: 1), status: 88, "built was never claimed")
            do {
                _ = try app.built.resolve()
                outcome.withLock { $0 = "resolved" }
            } catch StrataError.cycle(let path) {
                outcome.withLock { $0 = path.map(\.description).joined(separator: " → ") }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
        }
        app.duringBuild.withLock {
            $0 = {
                // Let the handler reach its wait first, most rounds; either order is a cycle.
                spin(microseconds: 2_000)
                subscription.cancel()
            }
        }
        let finished = onThreads(2) { side in
            if side == 0 {
                app.status.value = 1
            } else {
                exitUnless(inHandler.wait(for: 1), status: 88, "the handler never ran")
                _ = app.built()
            }
        }
        exitUnless(finished, status: stuckStatus, "the threads did not finish")
        let reported = outcome.withLock { $0 }
        exitUnless(
            reported == "WaitingApp.built → WaitingApp.built", status: 89,
            "the handler's resolution gave: \(reported)")
    }

    /// Thread A's `withValue` body waits for `built`, which thread B builds; B's factory
    /// changes the same value, which would wait for A's body: A's resolution gets the cycle.
    static func bodyWaitsForChangingFactory() {
        let app = WaitingApp()
        let inBody = Arrivals()
        let outcome = Locked<String>("none")
        app.duringBuild.withLock {
            $0 = {
                exitUnless(inBody.wait(for: 1), status: 88, "the body never ran")
                spin(microseconds: 2_000)
                app.status.value = 5
            }
        }
        let finished = onThreads(2) { side in
            if side == 0 {
                exitUnless(app.claimed.wait(for: 1), status: 88, "built was never claimed")
                do {
                    try app.status.withValue { value in
                        inBody.arrive()
                        _ = try app.built.resolve()
                        value = 9
                    }
                    outcome.withLock { $0 = "changed" }
                } catch StrataError.cycle(let path) {
                    outcome.withLock { $0 = path.map(\.description).joined(separator: " → ") }
                } catch {
                    outcome.withLock { $0 = "\(error)" }
                }
            } else {
                _ = app.built()
            }
        }
        exitUnless(finished, status: stuckStatus, "the threads did not finish")
        let reported = outcome.withLock { $0 }
        exitUnless(
            reported == "WaitingApp.built → WaitingApp.built", status: 89,
            "the body's resolution gave: \(reported)")
        exitUnless(app.status.value == 5, status: 90, "the factory's change was lost")
    }
}
