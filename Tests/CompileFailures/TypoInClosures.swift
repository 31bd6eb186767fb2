// expected-error: value of type 'Session' has no dynamic member 'flsuh' using key path
// expected-error: value of type 'Session' has no dynamic member 'flsuhAsync' using key path
// expected-error: value of type 'Session' has no dynamic member 'greting' using key path
// expected-error: value of type 'Session' has no dynamic member 'gretingAsync' using key path
// expected-error: value of type 'Session' has no dynamic member 'nmae' using key path
// expected-error: value of type 'Session' has no dynamic member 'nmaeAsync' using key path
// expected-error: value of type 'Session' has no dynamic member 'flsuhMain' using key path
// expected-error: value of type 'Session' has no dynamic member 'refersh' using key path
// expected-error: value of type 'Session' has no dynamic member 'refershAsync' using key path
// A typo in the body of a closure written the 1.0 way is reported as the typo, not as a
// closure of the wrong shape: an overload kept to refuse a 0.9 closure shape with a hint
// (`onEnd { … }`, `handle(R.self) { route in … }`) must not take over this diagnosis.
import Strata

struct Greeting: Route {
    typealias Output = String
    let name: String
}

struct AsyncGreeting: AsyncRoute {
    typealias Output = String
}

enum Names: ContributionKey {
    typealias Element = String
}

enum AsyncNames: AsyncContributionKey {
    typealias Element = String
}

enum MenuItems: MainActorContributionKey {
    typealias Element = String
}

final class App: Container {
    let scope = AppScope()
}

final class Session: Container {
    let scope: SessionScope<App>
    init(parent: App) { scope = SessionScope(parent: parent) }

    var greeting: Provider<String> { shared { "Hello" } }
    var name: Provider<String> { shared { "Ada" } }
    func flush() {}
    func flushAsync() async {}
    func refresh() async {}

    func wire() {
        onEnd { container in container?.flsuh() }
        onEnd { container in await container?.flsuhAsync() }
        handle(Greeting.self) { container, route in container.greting() + route.name }
        handle(AsyncGreeting.self) { container, _ in await container.gretingAsync() }
        contribute(Names.self) { container in container.nmae() }
        contribute(AsyncNames.self) { container in await container.nmaeAsync() }
        contribute(MenuItems.self) { container in container.flsuhMain() }
        task { await self.refersh() }
        task(every: .seconds(60)) { container in await container.refershAsync() }
    }
}
