import Strata
import StrataTesting
import Testing

/// A screen under a ``LeakySession``, shown on a stack.
final class LeakyScreen: Container {
    let scope: FeatureScope<LeakySession>
    init(parent: LeakySession) { scope = FeatureScope(parent: parent) }
    var payload: Provider<Payload> { shared { Payload() } }
}

/// A request under ``Leaky``.
final class LeakyRequest: Container {
    let scope: RequestScope<Leaky>
    init(parent: Leaky) throws(StrataError) { scope = try RequestScope(checking: parent) }
    var payload: Provider<Payload> { shared { Payload() } }
}

@Suite("A leak of what Strata ends for its caller points at the caller")
struct LeakSiteTests {
    @Test(
        "a leak of a screen a stack ends points at the call that changed the stack",
        .timeLimit(.minutes(1)))
    func stackPointsAtItsCaller() async throws {
        let keeper = Keeper()
        let popLine = #line + 7
        let found = try await issues(of: .noSurvivors) {
            let session = Leaky().makeSession()
            let stack = ContainerStack(in: session)
            let screen = LeakyScreen(parent: session)
            stack.push(screen)
            keeper.keep(screen.payload())
            stack.dismissAll()
            session.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.line == popLine)
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/LeakSiteTests.swift")
        #expect(found[0].text.contains("LeakyScreen.payload: Payload is still alive"))
    }

    @Test(
        "a leak of a request withRequest ends points at the withRequest call",
        .timeLimit(.minutes(1)))
    func requestPointsAtItsCaller() async throws {
        let keeper = Keeper()
        let requestLine = #line + 3
        let found = try await issues(of: .noSurvivors) {
            let app = Leaky()
            try await app.withRequest(LeakyRequest.init) { request in
                keeper.keep(request.payload())
            }
            app.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.line == requestLine)
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/LeakSiteTests.swift")
        #expect(found[0].text.contains("LeakyRequest.payload: Payload is still alive"))
    }
}
