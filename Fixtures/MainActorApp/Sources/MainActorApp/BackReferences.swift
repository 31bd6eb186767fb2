import Strata

// A coordinator and its router need each other. In a module that is MainActor by default
// both are main-actor view models; the router holds a back-reference to the coordinator,
// which does not keep the flow's container alive.

final class FlowCoordinator {
    let router: FlowRouter
    init(router: FlowRouter) { self.router = router }
}

final class FlowRouter {
    let coordinator: MainActorBackReference<FlowCoordinator>
    init(coordinator: MainActorBackReference<FlowCoordinator>) { self.coordinator = coordinator }
}

final class FlowContainer: Container {
    let scope = AppScope()
    var coordinator: MainActorProvider<FlowCoordinator> {
        shared { FlowCoordinator(router: self.router()) }
    }
    var router: MainActorProvider<FlowRouter> {
        shared { FlowRouter(coordinator: self.backReference(to: \.coordinator)) }
    }
}
