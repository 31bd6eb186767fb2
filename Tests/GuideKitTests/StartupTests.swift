import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// The storage is readied as a named start-up step, before the app container exists, and
/// never later inside a provider.
@Suite(.noLeaks) struct StartupTests {
    let directory = TemporaryDirectory()

    @Test func theStorageStartUpMovesTheDataBeforeTheAppContainerIsMade() throws {
        try JSONFileStorage(directory: directory.url).sessions.save(adaSession)
        let storage = StorageStartup.run(
            dataDirectory: directory.url, toggles: toggles(journal: true))
        // Moved already, before any container or provider exists.
        #expect(directory.fileNames.contains("journal.log"))
        #expect(storage.engine.kind == .journal)
        guard case .moved(.jsonFiles, .journal, 1, 0, _, nil) = storage.outcome else {
            Issue.record("expected a move of one record, got \(storage.outcome)")
            return
        }
    }

    @Test func theAppUsesTheEngineStartUpChoseAndMovesNothingItself() throws {
        try JSONFileStorage(directory: directory.url).sessions.save(adaSession)
        // A start-up that kept the JSON files, though the toggles now ask for the journal:
        // the app must use what it is handed, not run a migration of its own.
        let storage = StorageStartup(
            engine: JSONFileStorage(directory: directory.url), outcome: .notNeeded)
        let app = AppContainer(
            dataDirectory: directory.url, mailOutput: RecordingOutput(),
            toggles: toggles(journal: true), storage: storage)
        #expect(try app.sessionRepository().load() == adaSession)
        #expect(directory.fileNames == ["session.json"])
        app.end()
    }
}
