// What ComingFromSwinjectOrFactory.md's block uses but does not define, declared plainly: no
// isolation annotation. The module is nonisolated by default; a class that a `Provider`
// holds says it is `Sendable`, as it must there.

// The container whose members the block shows.
final class AppContainer: Container {
    let scope = AppScope()
}

final class Coordinator: Sendable {
    let router: Router
    init(router: Router) { self.router = router }
}

final class Router: Sendable {
    let coordinator: BackReference<Coordinator>
    init(coordinator: BackReference<Coordinator>) { self.coordinator = coordinator }
}
