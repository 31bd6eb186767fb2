import Strata
import Testing

/// A main-actor view model, as an app that is MainActor by default declares every class.
@MainActor
final class NoteEditorModel {
    let noteID: Int
    init(noteID: Int) { self.noteID = noteID }
}

/// A container whose providers are the main-actor forms of `shared(by:)` and `weakShared`.
final class NotesContainer: Container {
    let scope = AppScope()
    let log = EventLog()
    let counter = Counter()

    func editor(for noteID: Int) -> MainActorProvider<NoteEditorModel> {
        shared(by: noteID) {
            self.counter.next()
            return NoteEditorModel(noteID: noteID)
        }
    }
    func tracked(for noteID: Int) -> MainActorProvider<Tracked> {
        shared(by: noteID) { Tracked("note \(noteID)", log: self.log) }
    }
    var preview: MainActorProvider<NoteEditorModel> {
        weakShared {
            NoteEditorModel(noteID: self.counter.next())
        }
    }
}

@Suite("Main-actor forms of shared(by:) and weakShared")
@MainActor
struct MainActorProviderMakerTests {
    @Test("a main-actor shared(by:) keeps one instance per argument")
    func sharedByCachesPerArgument() {
        let notes = NotesContainer()
        let first = notes.editor(for: 1)()
        #expect(notes.editor(for: 1)() === first)
        let second = notes.editor(for: 2)()
        #expect(second !== first)
        #expect(second.noteID == 2)
        #expect(notes.counter.value == 2)
    }

    @Test("a main-actor weakShared is one instance while held, and made again after release")
    func weakSharedIsWeak() {
        let notes = NotesContainer()
        var held: NoteEditorModel? = notes.preview()
        let firstID = held?.noteID
        #expect(notes.preview() === held)
        weak let released = held
        held = nil
        #expect(released == nil, "the container must not keep a weakShared instance")
        #expect(notes.preview().noteID != firstID)
        #expect(notes.counter.value == 2)
    }

    @Test("ending the container ends and releases each main-actor shared(by:) instance")
    func sharedByInstancesEndWithTheContainer() {
        let notes = NotesContainer()
        _ = notes.tracked(for: 1)()
        _ = notes.tracked(for: 2)()
        let report = notes.end()
        #expect(report.watched.isEmpty)
        let log = notes.log.all
        #expect(log.prefix(4) == ["made note 1", "made note 2", "end note 2", "end note 1"])
        #expect(Set(log.dropFirst(4)) == ["released note 1", "released note 2"])
    }

    @Test("tasks off the main actor resolve a main-actor shared(by:) there, one per argument")
    nonisolated func sharedByResolvesOnTheMainActor() async {
        let notes = NotesContainer()
        let resolved = await withTaskGroup(of: (Int, ObjectIdentifier).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let noteID = index % 2
                    // The provider's resolution is main-actor isolated: a task elsewhere
                    // reaches it with `await`, which hops to the main actor.
                    let model = await notes.editor(for: noteID)()
                    return (noteID, ObjectIdentifier(model))
                }
            }
            return await group.reduce(into: [Int: Set<ObjectIdentifier>]()) {
                $0[$1.0, default: []].insert($1.1)
            }
        }
        #expect(resolved.mapValues(\.count) == [0: 1, 1: 1])
        #expect(notes.counter.value == 2)
    }
}
