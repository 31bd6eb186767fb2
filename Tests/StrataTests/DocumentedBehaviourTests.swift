import Strata
import Testing

// Behaviour a newcomer trips on, documented in the articles and the symbols' comments. Each
// test fails if the behaviour changes; change the documentation with it.

/// A list of notes, the root of the one-expression example.
private final class NoteList: Container {
    let scope = AppScope()
    let log: EventLog

    init(log: EventLog) { self.log = log }

    func makeEditor(for note: String) -> NoteEditor { NoteEditor(parent: self, note: note) }
}

/// A feature for editing one note, with a `ScopeBound` view model that logs its end.
private final class NoteEditor: Container {
    let scope: FeatureScope<NoteList>
    let note: String

    init(parent: NoteList, note: String) {
        self.note = note
        scope = FeatureScope(parent: parent)
    }

    var viewModel: Provider<Tracked> {
        shared { Tracked("editor(\(self.note)).viewModel", log: self.parent.log) }
    }
}

private struct NoteTitle: Route {
    typealias Output = String
}

@Suite("Documented behaviour: what a newcomer trips on")
struct DocumentedBehaviourTests {
    @Test(
        "a container made and released in one expression ends at once; its instance has ended")
    func containerReleasedInOneExpressionEnds() {
        let log = EventLog()
        let list = NoteList(log: log)
        weak var released: Tracked?
        do {
            // Nothing holds the editor after this statement, so it ends itself right here.
            let viewModel = list.makeEditor(for: "groceries").viewModel()

            // The caller gets a live view model whose container has ended: its
            // ScopeBound.scopeDidEnd() has run already, before the caller used it.
            #expect(viewModel.name == "editor(groceries).viewModel")
            #expect(
                log.all == ["made editor(groceries).viewModel", "end editor(groceries).viewModel"]
            )
            #expect(list.tree.children.isEmpty)
            released = viewModel
        }
        // Nothing in Strata holds it any more: the caller's reference was the last.
        #expect(released == nil)
        #expect(log.all.last == "released editor(groceries).viewModel")
    }

    @Test("a route handler that captures its container keeps it alive when dropped, until end()")
    func routeHandlerCapturingItsContainerKeepsItAlive() {
        let app = TestApp()
        weak var dropped: TestFeature?
        do {
            let feature = app.makeFeature()
            // The handler captures `feature` strongly: feature → scope → handler → feature.
            feature.handle(NoteTitle.self) { _, _ in feature.name }
            dropped = feature
        }

        // Dropped without end(): the cycle keeps it alive, active and in its parent's tree.
        #expect(dropped != nil)
        #expect(dropped?.isActive == true)
        #expect(app.tree.children.map(\.container.typeName) == ["TestFeature"])

        // end() drops the handlers, which breaks the cycle.
        dropped?.end()
        #expect(dropped == nil)
    }

    @Test(
        "a failed async construction stores nothing: the next resolve runs the factory again",
        .timeLimit(.minutes(1)))
    func failedAsyncConstructionIsRetried() async throws {
        struct Offline: Error {}
        final class Remote: Container {
            let scope = AppScope()
            let calls = Counter()
            var catalog: AsyncProvider<Service> {
                shared {
                    let call = self.calls.next()
                    if call == 1 { throw Offline() }
                    return Service(id: call)
                }
            }
        }
        let remote = Remote()

        let error = await #expect(throws: StrataError.self) { try await remote.catalog.resolve() }
        guard case .factoryFailed(_, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is Offline)
        #expect(remote.calls.value == 1)

        // The failure was not kept: this resolve builds again, and succeeds.
        let second = try await remote.catalog.resolve()
        #expect(remote.calls.value == 2)
        #expect(second.id == 2)

        // What the retry built is kept like any shared instance.
        #expect(try await remote.catalog.resolve() === second)
        #expect(remote.calls.value == 2)
    }
}
