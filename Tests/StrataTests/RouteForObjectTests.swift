import Strata
import Testing

/// A root model that holds the app and answers its routes, as an app's root view model does.
@MainActor
private final class RootModel {
    let app: TestApp
    var signedOut = 0
    var taps = 0

    init(app: TestApp) {
        self.app = app
        app.handle(SignOutRequest.self, by: self) { model, _ in await model.signOut() }
        app.handle(CountTap.self, by: self) { model, _ in
            model.taps += 1
            return model.taps
        }
    }

    func signOut() -> String {
        signedOut += 1
        return "signed out \(signedOut)"
    }
}

/// What a screen's model would be: an object that answers for as long as it lives.
private final class Screen: Sendable {}

@Suite("A route answered for an object that Strata holds weakly")
@MainActor
struct RouteForObjectTests {
    @Test("a root model answers its routes, and is released with the app it holds")
    func rootModelAnswersAndIsReleased() async throws {
        var model: RootModel? = RootModel(app: TestApp())
        weak let releasedModel = model
        weak let releasedApp = model?.app
        let session = try #require(model?.app.makeSession())
        #expect(try await session.perform(SignOutRequest()) == "signed out 1")
        #expect(try session.perform(CountTap()) == 1)
        model = nil
        // The handlers hold the model weakly: nothing holds it, nor the app it held, except
        // the session, whose parent is the app.
        #expect(releasedModel == nil)
        session.end()
        _ = consume session
        #expect(releasedApp == nil)
    }

    @Test("once its object is gone, a registration no longer answers: the search goes on up")
    func goneObjectNoLongerAnswers() async throws {
        let app = TestApp()
        let session = app.makeSession()
        app.handle(SignOutRequest.self) { _, _ in "the app's" }
        do {
            let screen = Screen()
            session.handle(SignOutRequest.self, by: screen) { _, _ in "the screen's" }
            session.handle(CountTap.self, by: screen) { _, _ in 1 }
            #expect(try await session.perform(SignOutRequest()) == "the screen's")
        }
        #expect(try await session.perform(SignOutRequest()) == "the app's")
        #expect(throws: StrataError.self) { try session.perform(CountTap()) }
    }
}
