import Foundation
import Strata
import Synchronization

/// A value behind a lock the thread sanitizer understands (`Synchronization.Mutex` is built
/// on futex calls it cannot see on Linux).
// @unchecked: every access to `value` holds `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A thread-safe list of what happened, in order.
final class EventLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// An instance that records its end hook and its release.
final class Tracked: ScopeBound {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        log.record("made \(name)")
    }

    func scopeDidEnd() { log.record("end \(name)") }

    deinit { log.record("released \(name)") }
}

/// Counts how many times a factory ran.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    @discardableResult
    func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}

final class Service: Sendable {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

// MARK: The four-tier tree the lifecycle tests use

final class TestApp: Container {
    let scope = AppScope()
    let log: EventLog
    let counter = Counter()

    init(log: EventLog = EventLog()) { self.log = log }

    var config: Provider<Tracked> { shared { Tracked("app.config", log: self.log) } }
    var service: Provider<Service> { shared { Service(id: self.counter.next()) } }
    var fresh: Provider<Service> { unique { Service(id: self.counter.next()) } }
    var cache: Provider<Tracked> { weakShared { Tracked("app.cache", log: self.log) } }

    func item(_ id: Int) -> Provider<Service> { shared(by: id) { Service(id: id) } }
    func draft(for id: Int) -> Provider<Service> { unique { Service(id: id) } }

    func makeSession() -> TestSession { TestSession(parent: self) }
    func makeFeature() -> TestFeature { TestFeature(parent: self) }
}

final class TestSession: Container {
    let scope: SessionScope<TestApp>

    init(parent: TestApp) { scope = SessionScope(parent: parent) }

    var user: Provider<Tracked> { shared { Tracked("session.user", log: self.parent.log) } }
    var store: Provider<Tracked> { shared { Tracked("session.store", log: self.parent.log) } }
    var appService: Provider<Service> { unique { self.parent.service() } }

    func makeFeature() -> TestFeature { TestFeature(parent: self) }
}

/// A feature under the app or under the session.
final class TestFeature: Container {
    let scope: FeatureScope<any Container>
    let log: EventLog
    let name: String

    init(parent: TestApp) {
        log = parent.log
        name = "appFeature"
        scope = FeatureScope(parent: parent)
    }

    init(parent: TestSession) {
        log = parent.log
        name = "feature"
        scope = FeatureScope(parent: parent)
    }

    var screen: Provider<Tracked> { shared { Tracked("\(self.name).screen", log: self.log) } }

    func makeInteraction() -> TestInteraction { TestInteraction(parent: self) }
}

final class TestInteraction: Container {
    let scope: InteractionScope<TestFeature>

    init(parent: TestFeature) { scope = InteractionScope(parent: parent) }

    var form: Provider<Tracked> { shared { Tracked("interaction.form", log: self.parent.log) } }
}

/// Watches objects weakly, to tell when every one of them has been released.
final class Gone: Sendable {
    private let objects = Locked<[WeakBox]>([])
    func watch(_ object: AnyObject) { objects.withLock { $0.append(WeakBox(object)) } }
    var allGone: Bool { objects.withLock { $0.allSatisfy { $0.object == nil } } }

    struct WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}
