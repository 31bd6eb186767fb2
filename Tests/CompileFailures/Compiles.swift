// expected: compiles
import Strata

final class App: Container {
    let scope = AppScope()
    func makeSession() -> Session { Session(parent: self) }
}

final class Session: Container {
    let scope: SessionScope<App>
    init(parent: App) { scope = SessionScope(parent: parent) }
}

final class Feature: Container {
    let scope: FeatureScope<Session>
    init(parent: Session) { scope = FeatureScope(parent: parent) }
}

final class Dialog: Container {
    let scope: InteractionScope<Feature>
    init(parent: Feature) { scope = InteractionScope(parent: parent) }
}

final class Request: Container {
    let scope: RequestScope<Session>
    init(parent: Session) throws(StrataError) { scope = try RequestScope(checking: parent) }
}

final class RequestStep: Container {
    let scope: InteractionScope<Request>
    init(parent: Request) { scope = InteractionScope(parent: parent) }
}

final class AppRequest: Container {
    let scope: RequestScope<App>
    init(parent: App) throws(StrataError) { scope = try RequestScope(checking: parent) }
}

func serve(_ app: App) async throws -> Int {
    try await app.withRequest(AppRequest.init) { request in request.isActive ? 1 : 0 }
}

final class TaggedRequest: Container {
    let scope: RequestScope<App>
    let tag: Int
    init(parent: App, tag: Int) throws(StrataError) {
        self.tag = tag
        scope = try RequestScope(checking: parent)
    }
}

// The article's form: a closure that makes the request with what the server received.
func serve(_ app: App, tag: Int) async throws -> Int {
    let make = { (app: App) in try TaggedRequest(parent: app, tag: tag) }
    return try await app.withRequest(make) { $0.tag }
}

// Ancestors: a name the container does not declare is looked up in its parent, then the
// parent's parent, at compile time.
final class Shop: Container {
    let scope = AppScope()
    var prices: Provider<Int> { shared { 3 } }
}

final class Visit: Container {
    let scope: SessionScope<Shop>
    init(parent: Shop) { scope = SessionScope(parent: parent) }
    var basket: Provider<[Int]> { shared { [self.prices()] } }
}

final class Checkout: Container {
    let scope: FeatureScope<Visit>
    init(parent: Visit) { scope = FeatureScope(parent: parent) }
}

final class Payment: Container {
    let scope: InteractionScope<Checkout>
    init(parent: Checkout) { scope = InteractionScope(parent: parent) }
    var total: Provider<Int> { shared { self.basket().count * self.prices() } }
}

// A feature's parent protocol whose app-wide requirements an ancestor meets: the session
// conforms with no declaration of its own.
protocol PricesSource: Container {
    var prices: Provider<Int> { get }
}

extension PricesSource where Parent: PricesSource {
    var prices: Provider<Int> { parent.prices }
}

protocol BasketParent: PricesSource where ContainerTier: FeatureParentTier {
    var basket: Provider<[Int]> { get }
}

extension Shop: PricesSource {}
extension Visit: BasketParent {}

final class Receipt<Parent: BasketParent>: Container {
    let scope: FeatureScope<Parent>
    init(parent: Parent) { scope = FeatureScope(parent: parent) }
    var line: Provider<String> { shared { "\(self.basket()) at \(self.prices())" } }
}

// A container that reads nothing from its parent may open under any container.
final class Toast: Container {
    let scope: InteractionScope<any Container>
    init(parent: some Container) { scope = InteractionScope(parent: parent) }
}

func receipt(in visit: Visit) -> String { Receipt(parent: visit).line() }
