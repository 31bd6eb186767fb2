// expected-error: 'removeOverride()' is unavailable: keep the Subscription that override(_:) returns and call cancel() on it
// expected-error: 'track(from:_:onChange:)' has been renamed to 'track(initial:_:onChange:)'
// expected-error: 'trackOnMainActor(from:_:of:onChange:)' has been renamed to 'trackOnMainActor(initial:_:of:onChange:)'
// expected-error: 'debugDescription' has been renamed to 'description': the description is the text
// expected-error: 'onTrace' is unavailable: keep the Subscription that onTrace returns and call cancel() on it
// expected-error: 'survivors' is unavailable: await report.leaks() for the leaks
// expected-error: 'performOrTrap' is unavailable: try container.perform(route), or try! to trap
// expected-error: 'Survivor' has been renamed to 'WatchedInstance'
// expected-error: 'Contribution' has been renamed to 'Subscription': contribute(_:_:) returns a Subscription: subscription.cancel() withdraws it
// expected-error: 'withdraw()' has been renamed to 'cancel()': contribute(_:_:) returns a Subscription: subscription.cancel() withdraws it
// expected-error: 'remove()' has been renamed to 'cancel()': prepare(_:_:) returns a Subscription: subscription.cancel() removes the plan
// expected-error: 'init(in:)' is unavailable: ContainerStack(in: owner), or ContainerTabs for tabs
// expected-error: 'present' is unavailable: ContainerStack's push(_:) keeps a container on top
// expected-error: 'allNodes' is unavailable: walk the tree's children: [tree] + tree.children, and theirs, depth first
// expected-error: 'subscribe' is unavailable: observed.observe(in: container) { … }, which the container's end stops; or Observation's withObservationTracking
// expected-error: 'kind' is unavailable: description says what the work is, where it came from and its container
// 0.9 spellings that 1.0 removed: each error names what to write (the CHANGELOG's migration table).
import Observation
import Strata

final class Counter: Sendable {}

@MainActor @Observable final class Player {
    var episode = 1
}

final class App: Container {
    let scope = AppScope()
    var counter: Provider<Counter> { shared { Counter() } }
}

@MainActor func upgrade(app: App, player: Player) {
    app.counter.removeOverride()
    app.track(from: .currentValue) {
        1
    } onChange: { _ in
    }
    app.trackOnMainActor(from: .nextChange, \.episode, of: player) { _ in }
    _ = StrataError.cycle(path: []).debugDescription
}

func stopTracing(app: App) {
    app.onTrace(nil)
}

struct Ping: Route { typealias Output = Int }

func readReport(app: App) {
    _ = app.end().survivors
    _ = app.performOrTrap(Ping())
}

func oldNames(report: EndReport) -> [Survivor] { report.watched }

enum Names: ContributionKey { typealias Element = String }

final class Screen: Container {
    let scope: FeatureScope<App>
    init(parent: App) { scope = FeatureScope(parent: parent) }
}

func oldTokens(app: App, counter: Observed<Int>, screen: Screen) {
    let contribution: Contribution = app.contribute(Names.self) { _ in "kept" }
    contribution.withdraw()
    app.prepare(Screen.self) { _ in }.remove()
    let screens = ChildContainers<Screen>(in: app)
    screens.present(screen)
    _ = app.tree.allNodes
    _ = counter.subscribe { _ in }
}

func oldKinds(report: EndReport) -> Bool { report.overran.first?.kind == .hook }
