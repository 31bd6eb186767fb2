import LibraryFeature
import Strata

// The two leaks a leak check must report, built as an app would build them by mistake.

/// A session instance that keeps itself alive: its tick closure captures it strongly.
final class ResumeTimer {
    private(set) var ticks = 0
    private var onTick: (() -> Void)?

    /// Starts ticking; the closure it keeps holds the timer: a retain cycle.
    func start() { onTick = { self.ticks += 1 } }

    /// Drops the closure, and with it the cycle.
    func stop() { onTick = nil }
}

extension SessionContainer {
    var resumeTimer: MainActorProvider<ResumeTimer> { shared { ResumeTimer() } }
}

/// A signed-in session whose `ResumeTimer` is in a retain cycle: ending the session leaves
/// the timer alive, a survivor of `SessionContainer.resumeTimer`.
///
/// - Returns: The session, not ended.
func makeDeliberateCycle() -> SessionContainer {
    let session = AppContainer().makeSession(for: User(name: "Ada"))
    session.resumeTimer().start()
    return session
}

/// What is left of a leaked session: weak references to it and its coordinator.
struct LeakedSession {
    weak var session: SessionContainer?
    weak var coordinator: Coordinator?
}

/// A session dropped without `end()` while a screen is open.
///
/// The coordinator (a session instance) holds the library's screen, the screen holds the
/// library's container, and the library's container holds the session. Nothing ends it, so
/// it stays alive and active.
///
/// - Parameter app: The app to sign in under.
/// - Returns: Weak references to the session and its coordinator, which outlive the call.
func makeLeakedSession(under app: AppContainer) -> LeakedSession {
    let session = app.makeSession(for: User(name: "Ada"))
    let coordinator = session.coordinator()
    coordinator.open(LibraryContainer.destination(under: session), under: session)
    return LeakedSession(session: session, coordinator: coordinator)
}
