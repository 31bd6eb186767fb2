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
        let found = try await issues(of: .noLeaks) {
            let session = Leaky().makeSession()
            let stack = ContainerStack(in: session)
            let screen = LeakyScreen(parent: session)
            stack.push(screen)
            keeper.keep(screen.payload())
            stack.replace(with: [])
            session.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.line == popLine)
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/LeakSiteTests.swift")
        #expect(found[0].text.contains("LeakyScreen.payload: Payload is still alive"))
    }

    @Test(
        "a leak of a screen a stack's path setter ends says so, at the test, not in Strata",
        .timeLimit(.minutes(1)))
    func pathSetterSaysSo() async throws {
        let keeper = Keeper()
        let found = try await issues(of: .noLeaks) {
            let session = Leaky().makeSession()
            let stack = ContainerStack(in: session)
            let screen = LeakyScreen(parent: session)
            stack.push(screen)
            keeper.keep(screen.payload())
            stack.path = []
            session.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/LeakSiteTests.swift")
        #expect(
            found[0].text.contains(
                "Payload is still alive after LeakyScreen ended when its ContainerStack's path "
                    + "was set"))
    }

    @Test(
        "a leak of a request withRequest ends points at the withRequest call",
        .timeLimit(.minutes(1)))
    func requestPointsAtItsCaller() async throws {
        let keeper = Keeper()
        let requestLine = #line + 3
        let found = try await issues(of: .noLeaks) {
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

    @Test(
        "a leak of an instance endCachedInstance() took out says so and points at the call",
        .timeLimit(.minutes(1)))
    func endCachedInstancePointsAtItsCaller() async throws {
        let keeper = Keeper()
        let resetLine = #line + 4
        let found = try await issues(of: .noLeaks) {
            let app = Leaky()
            keeper.keep(app.cache())
            app.cache.endCachedInstance()
            app.end()
        }
        try #require(found.count == 1)
        #expect(found[0].sourceLocation?.line == resetLine)
        #expect(found[0].sourceLocation?.fileID == "StrataTestingTests/LeakSiteTests.swift")
        #expect(
            found[0].text.contains(
                "Leaky.cache: Payload is still alive after endCachedInstance() took it out of "
                    + "Leaky at StrataTestingTests/LeakSiteTests.swift:\(resetLine)"))
        #expect(!found[0].text.contains("(released)"))
    }

    @Test(
        "a leak of an instance an override replaced says an override took it out",
        .timeLimit(.minutes(1)))
    func overrideReplacementSaysSo() async throws {
        let keeper = Keeper()
        let found = try await issues(of: .noLeaks) {
            let app = Leaky()
            keeper.keep(app.cache())
            app.cache.override { Payload() }
            app.end()
        }
        try #require(found.count == 1)
        #expect(
            found[0].text.contains(
                "Leaky.cache: Payload is still alive after a change of its provider's override "
                    + "took it out of Leaky, in"))
        #expect(!found[0].text.contains("(released)"))
    }
}
