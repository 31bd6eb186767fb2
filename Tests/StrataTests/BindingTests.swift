import Strata
import Synchronization
import Testing

/// Something a caller may do first with a container it was just given.
struct EntryPoint: Sendable, CustomTestStringConvertible {
    let name: String
    let use: @Sendable (TestSession) async -> Void

    var testDescription: String { name }

    static let all: [EntryPoint] = [
        EntryPoint(name: "resolve a provider") { _ = $0.store() },
        EntryPoint(name: "override a provider") {
            $0.store.override { Tracked("fake", log: EventLog()) }
        },
        EntryPoint(name: "remove an override") {
            $0.store.override { Tracked("fake", log: EventLog()) }.cancel()
        },
        EntryPoint(name: "reset a provider") { $0.store.endCachedInstance() },
        EntryPoint(name: "end()") { $0.end() },
        EntryPoint(name: "endAndWait()") { _ = await $0.endAndWait() },
        EntryPoint(name: "onEnd") { $0.onEnd { _ in } },
        EntryPoint(name: "async onEnd") { $0.onEnd { _ in await Task.yield() } },
        EntryPoint(name: "tree") { _ = $0.tree },
        EntryPoint(name: "handle a route") { $0.handle(Greeting.self) { $1.name } },
        EntryPoint(name: "perform a route") { _ = try? $0.perform(Greeting(name: "x")) },
        EntryPoint(name: "contribute") { _ = $0.contribute(Names.self) { _ in "name" } },
        EntryPoint(name: "gather") { _ = try? $0.gather(Names.self) },
        EntryPoint(name: "start a task") { _ = $0.task {} },
        EntryPoint(name: "track") { _ = $0.track({ 1 }, onChange: { _ in }) },
        EntryPoint(name: "make a child") { _ = $0.makeFeature() },
    ]
}

@Suite("Binding: every entry point learns its container first")
struct BindingTests {
    /// A plan runs when its container learns its type, which it does on first use: if any
    /// entry point skipped the binding, a container used only through it would never be
    /// prepared.
    @Test(
        "every entry point of a container made earlier runs its plan first",
        arguments: EntryPoint.all)
    func everyEntryPointBinds(_ entryPoint: EntryPoint) async {
        let app = TestApp()
        let session = app.makeSession()
        let prepared = Atomic<Int>(0)
        app.prepare(TestSession.self) { _ in prepared.add(1, ordering: .relaxed) }
        await entryPoint.use(session)
        let runs = prepared.load(ordering: .relaxed)
        #expect(runs == 1)
    }
}
