import Foundation
import Strata
import Testing

/// Waits for a container whose plans another thread is applying: the wait graph sees them,
/// so a wait that would never end is reported as a cycle instead of hanging or trapping.
@Suite("Waits for a container being prepared")
struct PlanWaitTests {
    @Test(
        "a plan waiting for a factory that uses the container being prepared: a cycle, reported",
        .timeLimit(.minutes(1)))
    func planWaitingForAFactoryThatUsesItsContainer() async {
        await #expect(processExitsWith: .success) {
            for _ in 0..<20 {
                exitIfStuck("a plan waiting for a factory that uses its container") {
                    PlanWaitScenarios.planWaitsForFactoryUsingItsContainer()
                }
            }
        }
    }
}

/// An app whose provider `built` runs, inside its factory, what a test sets.
final class PlanWaitApp: Container {
    let scope = AppScope()
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

/// A feature that the tests prepare with plans.
final class PlanWaitFeature: Container {
    let scope: FeatureScope<PlanWaitApp>

    init(parent: PlanWaitApp) { scope = FeatureScope(parent: parent) }

    var screen: Provider<Service> { shared { Service(id: 2) } }
}

enum PlanWaitScenarios {
    /// Thread A applies the feature's plan, which waits for `built`; thread B builds `built`,
    /// whose factory uses the feature, which would wait for A's plan: A's resolution gets the
    /// cycle, and both threads go on.
    static func planWaitsForFactoryUsingItsContainer() {
        let app = PlanWaitApp()
        // Made now, first used on A: its plans run then.
        let feature = PlanWaitFeature(parent: app)
        let inPlan = Arrivals()
        let outcome = Locked<String>("none")
        app.prepare(PlanWaitFeature.self) { feature in
            inPlan.arrive()
            do {
                _ = try feature.parent.built.resolve()
                outcome.withLock { $0 = "resolved" }
            } catch StrataError.cycle(let path) {
                outcome.withLock { $0 = path.map(\.description).joined(separator: " → ") }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
        }
        app.duringBuild.withLock {
            $0 = {
                exitUnless(inPlan.wait(for: 1), status: 88, "the plan never ran")
                // Let the plan reach its wait first, most rounds; either order is a cycle.
                spin(microseconds: 2_000)
                _ = feature.screen()
            }
        }
        let finished = onThreads(2) { side in
            if side == 0 {
                _ = app.built()
            } else {
                exitUnless(app.claimed.wait(for: 1), status: 88, "built was never claimed")
                _ = feature.screen()
            }
        }
        exitUnless(finished, status: stuckStatus, "the threads did not finish")
        let reported = outcome.withLock { $0 }
        exitUnless(
            reported == "PlanWaitApp.built → PlanWaitApp.built", status: 89,
            "the plan's resolution gave: \(reported)")
    }
}
