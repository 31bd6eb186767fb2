import Observation
import Strata
import StrataTesting
import Testing

@testable import ShopApp

// Wiring with no weak capture anywhere: a session's periodic refresh and a root model that
// answers a route keep nothing alive once their owner lets go.

@Suite("What the shop lets go goes, with no weak capture", .noLeaks)
struct LetGoTests {
    @Test(
        "a session whose refresh ran twice goes when let go, its refresh stopped, no report",
        .timeLimit(.minutes(1)))
    func refreshingSessionGoes() async throws {
        let app = ShopApp()
        weak var released: SessionContainer?
        weak var offers: Offers?
        let refreshing: Task<Void, Never>
        do {
            let session = app.makeSession(refreshingEvery: .milliseconds(10))
            released = session
            refreshing = try #require(session.refreshing)
            let shown = session.offers()
            offers = shown
            await refreshes(of: shown, reach: 2)
        }
        // The refresh holds the session only while it runs: it stops at its next turn, when
        // the session's release has ended it.
        await refreshing.value
        #expect(released == nil && offers == nil)
        #expect(app.tree.children.isEmpty)
        app.end()
    }

    /// Returns once `offers` were refreshed `count` times, woken by each refresh.
    private func refreshes(of offers: Offers, reach count: Int) async {
        while offers.refreshes < count {
            await withCheckedContinuation { continuation in
                withObservationTracking {
                    _ = offers.refreshes
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }

    @Test(
        "a root model answers sign-out from a tab, and let go signed in, every container goes",
        .timeLimit(.minutes(1)))
    func rootModelGoes() async throws {
        weak var model: ShopModel?
        weak var app: ShopApp?
        weak var session: SessionContainer?
        weak var cartTab: CartContainer?
        do {
            let root = ShopModel(app: ShopApp())
            (model, app) = (root, root.app)
            root.signIn()
            let first = try #require(root.session?.container)
            let cart = try #require(first.navigation().cart(in: first))
            // Asked by a tab under the session it ends, answered by the model for itself.
            let report = try await cart.perform(SignOut())
            #expect(report?.ended.map(\.typeName).suffix(1) == ["SessionContainer"])
            #expect(root.session == nil && !first.isActive)

            root.signIn()
            let second = try #require(root.session?.container)
            session = second
            cartTab = second.navigation().cart(in: second)
        }
        #expect(model == nil && app == nil && session == nil && cartTab == nil)
    }
}
