import Strata
import Testing

@MainActor
final class ProfileViewModel {
    let name: String
    init(name: String) { self.name = name }
}

final class MainActorApp: Container {
    let scope = AppScope()
    var userName: Provider<String> { shared { "Ada" } }
    @MainActor var profile: MainActorProvider<ProfileViewModel> {
        shared { ProfileViewModel(name: self.userName()) }
    }
    var draft: MainActorProvider<ProfileViewModel> { unique { ProfileViewModel(name: "draft") } }
}

@Suite("Main-actor providers")
@MainActor
struct MainActorProviderTests {
    @Test("a main-actor provider builds a main-actor view model once")
    func sharedOnMainActor() throws {
        let app = MainActorApp()
        let first = app.profile()
        #expect(first.name == "Ada")
        #expect(try app.profile.resolve() === first)
        #expect(app.draft() !== app.draft())
    }

    @Test("a main-actor provider can be overridden")
    func overrideOnMainActor() {
        let app = MainActorApp()
        let grace = app.profile.override { ProfileViewModel(name: "Grace") }
        #expect(app.profile().name == "Grace")
        grace.cancel()
        #expect(app.profile().name == "Ada")
    }
}
