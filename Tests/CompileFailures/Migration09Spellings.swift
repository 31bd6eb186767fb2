// expected-error: 'removeOverride()' is unavailable: keep the Subscription that override(_:) returns and call cancel() on it
// expected-error: 'track(from:_:onChange:)' has been renamed to 'track(initial:_:onChange:)'
// expected-error: 'trackOnMainActor(from:_:of:onChange:)' has been renamed to 'trackOnMainActor(initial:_:of:onChange:)'
// expected-error: 'debugDescription' has been renamed to 'description': the description is the text
// expected-error: 'onTrace' is unavailable: keep the Subscription that onTrace returns and call cancel() on it
// expected-error: 'survivors' is unavailable: await report.leaks() for the leaks
// expected-error: 'performOrTrap' is unavailable: try container.perform(route), or try! to trap
// expected-error: 'Survivor' has been renamed to 'WatchedInstance'
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
