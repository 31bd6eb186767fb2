// What Diagnostics.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target Xcode makes is: the view
// model is main-actor, and so its provider is a `MainActorProvider`.

final class ProfileViewModel {}

final class AppContainer: Container {
    let scope = AppScope()
    func makeSignedInContainer() -> SignedInContainer { SignedInContainer(parent: self) }
}

final class SignedInContainer: Container {
    let scope: SessionScope<AppContainer>
    init(parent: AppContainer) { scope = SessionScope(parent: parent) }
    var profileViewModel: MainActorProvider<ProfileViewModel> { shared { ProfileViewModel() } }
}
