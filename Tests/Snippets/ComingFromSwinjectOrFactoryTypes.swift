// What ComingFromSwinjectOrFactory.md's block uses but does not define, declared plainly: no
// isolation annotation. The module is MainActor by default, as an app target is.

// The container whose members the block shows.
final class AppContainer: Container {
    let scope = AppScope()
}

final class Coordinator: Sendable {
    let router: Router
    init(router: Router) { self.router = router }
}

final class Router: Sendable {
    let coordinator: MainActorBackReference<Coordinator>
    init(coordinator: MainActorBackReference<Coordinator>) { self.coordinator = coordinator }
}
