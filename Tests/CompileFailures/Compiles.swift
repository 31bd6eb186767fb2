// expected: compiles
import Strata

final class App: Container {
    let scope = AppScope()
    func makeSession() -> Session { Session(parent: self) }
}

final class Session: Container {
    let scope: SessionScope
    let parent: App
    init(parent: App) {
        self.parent = parent
        scope = SessionScope(parent: parent)
    }
}

final class Feature: Container {
    let scope: FeatureScope
    init(parent: Session) { scope = FeatureScope(parent: parent) }
}

final class Dialog: Container {
    let scope: InteractionScope
    init(parent: Feature) { scope = InteractionScope(parent: parent) }
}
