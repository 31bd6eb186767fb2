import Foundation
import GuideCore
import GuideStorage
import GuideTestSupport
import StrataTesting
import Synchronization
import Testing

/// Moving the data between engines at start-up: both directions, idempotent, resumable,
/// keeping the old data until the new engine has given it back, and leaving the old engine
/// in use when anything fails.
@Suite(.noLeaks) struct StorageMigrationTests {
    let directory = TemporaryDirectory()

    /// A session, two notification answers and three outbox messages: six records.
    static let everything: [StorageRecord] = [
        .notificationChoice(userID: "ada", .allowed),
        .notificationChoice(userID: "grace", .denied),
        .outboxMessage(position: 0, message(0)), .outboxMessage(position: 1, message(1)),
        .outboxMessage(position: 2, message(2)), .session(adaSession),
    ]

    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_750_000_000) }

    func engine(_ kind: StorageEngineKind) -> any StorageEngine {
        kind.makeEngine(directory: directory.url)
    }

    func migrator(afterCopying: @escaping @Sendable (Int) throws -> Void = { _ in })
        -> StorageMigrator
    {
        StorageMigrator(directory: directory.url, now: Self.clock, afterCopying: afterCopying)
    }

    /// Fills `kind` with ``everything`` through its repositories, as the app would.
    func fill(_ kind: StorageEngineKind) async throws {
        let engine = engine(kind)
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try engine.notificationPreferences.remember(.denied, forUser: "grace")
        for n in 0..<3 { try await engine.outbox.keep(message(n)) }
        try engine.sessions.save(adaSession)
    }

    var marker: String? {
        try? String(contentsOf: directory.file("storage-engine.txt"), encoding: .utf8)
    }

    @Test func withoutAMarkerJSONFilesHoldTheDataAndNothingIsWritten() async throws {
        try await fill(.jsonFiles)
        let before = directory.fileNames
        let startup = migrator().start(wanting: .jsonFiles)
        #expect(startup.outcome == .notNeeded)
        #expect(startup.engine.kind == .jsonFiles)
        #expect(startup.notice.isEmpty)
        #expect(directory.fileNames == before)
    }

    @Test(arguments: [
        (StorageEngineKind.jsonFiles, StorageEngineKind.journal),
        (.journal, .jsonFiles),
    ])
    func movesEverythingAndArchivesTheOldFiles(
        from: StorageEngineKind, to: StorageEngineKind
    ) async throws {
        if from == .journal {
            try Data("journal\n".utf8).write(to: directory.file("storage-engine.txt"))
        }
        try await fill(from)
        let oldFiles = engine(from).files().map(\.lastPathComponent).sorted()

        let startup = migrator().start(wanting: to)

        let archive = directory.file("archive-\(from.rawValue)-20250615T150640Z").path
        #expect(
            startup.outcome
                == .moved(
                    from: from, to: to, records: 6, resumedAfter: 0, archive: archive,
                    setAside: nil))
        #expect(startup.engine.kind == to)
        #expect(try startup.engine.records() == Self.everything)
        #expect(try engine(to).records() == Self.everything)
        #expect(engine(from).files().isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: archive).sorted() == oldFiles)
        #expect(marker == "\(to.rawValue)\n")
        #expect(!directory.fileNames.contains("storage-migration.json"))
        #expect(
            startup.notice == [
                "Storage: moving your data from \(from.displayName) to \(to.displayName)… "
                    + "6 records moved and verified.",
                "The \(from == .jsonFiles ? "JSON files are" : "journal is") kept in \(archive).",
            ])
    }

    @Test func aSecondStartHasNothingToDo() async throws {
        try await fill(.jsonFiles)
        _ = migrator().start(wanting: .journal)
        let files = directory.fileNames
        let again = migrator().start(wanting: .journal)
        #expect(again.outcome == .notNeeded)
        #expect(again.notice.isEmpty)
        #expect(directory.fileNames == files)
        #expect(try again.engine.records() == Self.everything)
    }

    @Test(arguments: [StorageEngineKind.jsonFiles, .journal])
    func anEmptyDirectorySwitchesWithoutArchiving(wanted: StorageEngineKind) throws {
        if wanted == .jsonFiles {
            try Data("journal\n".utf8).write(to: directory.file("storage-engine.txt"))
        }
        let startup = migrator().start(wanting: wanted)
        #expect(startup.engine.kind == wanted)
        #expect(directory.fileNames == ["storage-engine.txt"])
        #expect(
            startup.notice == [
                "Storage: now using \(wanted.displayName) instead of "
                    + "\((wanted == .journal ? StorageEngineKind.jsonFiles : .journal).displayName); "
                    + "there was no data to move."
            ])
    }

    @Test func backAndForthLosesNothing() async throws {
        try await fill(.jsonFiles)
        for wanted in [StorageEngineKind.journal, .jsonFiles, .journal, .jsonFiles, .journal] {
            let startup = migrator().start(wanting: wanted)
            guard case .moved = startup.outcome else {
                Issue.record("expected a move to \(wanted): \(startup.outcome)")
                return
            }
            #expect(try startup.engine.records() == Self.everything)
        }
        // Five moves in the same second: five archives, none overwriting another.
        #expect(directory.fileNames.filter { $0.hasPrefix("archive-") }.count == 5)
    }

    struct Interruption: Error, CustomStringConvertible {
        let copied: Int
        var description: String { "interrupted after \(copied) records" }
    }

    @Test(arguments: 0...5)
    func anInterruptedMoveKeepsTheOldEngineAndTheNextStartResumes(after n: Int) async throws {
        try await fill(.jsonFiles)
        let oldFiles = directory.fileNames

        let interrupted = migrator { copied in
            if copied == n + 1 { throw Interruption(copied: copied) }
        }.start(wanting: .journal)

        #expect(
            interrupted.outcome
                == .failed(
                    from: .jsonFiles, to: .journal, reason: "interrupted after \(n + 1) records"))
        #expect(interrupted.engine.kind == .jsonFiles)
        #expect(try interrupted.engine.records() == Self.everything)
        #expect(try engine(.journal).records().count == n + 1)
        #expect(Set(oldFiles).isSubset(of: directory.fileNames), "the old files stay")
        #expect(marker == nil)
        expectInOrder(
            interrupted.notice.joined(separator: "\n"),
            [
                "Storage: could not move your data from JSON files to the journal: "
                    + "interrupted after \(n + 1) records\n",
                "The guide goes on with JSON files for now; the move is "
                    + "tried again at the next start.",
            ])

        let copiedAfterResume = Mutex(0)
        let resumed = migrator { _ in copiedAfterResume.withLock { $0 += 1 } }
            .start(wanting: .journal)

        #expect(
            resumed.outcome
                == .moved(
                    from: .jsonFiles, to: .journal, records: 6, resumedAfter: n + 1,
                    archive: directory.file("archive-json-20250615T150640Z").path,
                    setAside: nil))
        #expect(copiedAfterResume.withLock { $0 } == 6 - (n + 1))
        #expect(try resumed.engine.records() == Self.everything)
        #expect(
            resumed.notice.first
                == "Storage: resuming the move of your data from JSON files to the journal, "
                + "interrupted after \(n + 1) of 6 records… 6 records moved and verified.")
    }

    @Test func anInterruptedMoveThenASwitchBackKeepsTheOldEngineAndItsNewData() async throws {
        try await fill(.jsonFiles)
        _ = migrator { copied in if copied == 3 { throw Interruption(copied: copied) } }
            .start(wanting: .journal)

        // The toggle goes back off: the JSON files are still the data, and change.
        let back = migrator().start(wanting: .jsonFiles)
        #expect(back.outcome == .notNeeded)
        #expect(back.engine.kind == .jsonFiles)
        try back.engine.sessions.clear()
        try back.engine.notificationPreferences.remember(.denied, forUser: "ada")
        try await back.engine.outbox.keep(message(3))

        // On again: the partial copy holds ada's old answer, so it is set aside, not
        // resumed, and the move starts over with the data as it is now.
        let again = migrator().start(wanting: .journal)
        guard case .moved(_, _, 6, 0, _, let setAside?) = again.outcome else {
            Issue.record("expected a fresh move with the old copy set aside: \(again.outcome)")
            return
        }
        #expect(setAside == directory.file("unfinished-journal-20250615T150640Z").path)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: setAside) == ["journal.log"])
        #expect(try again.engine.outbox.messages() == (0...3).map { message($0) })
        #expect(try again.engine.sessions.load() == nil)
        #expect(try again.engine.notificationPreferences.choice(forUser: "ada") == .denied)
        #expect(
            again.notice.last
                == "An unfinished copy in the journal from an earlier attempt was set aside in "
                + "\(setAside).")
    }

    @Test func aCorruptOldFileFailsTheMoveAndIsMovedAsideNotDeleted() async throws {
        try await fill(.jsonFiles)
        try Data("{ nope".utf8).write(to: directory.file("outbox.json"))

        let failed = migrator().start(wanting: .journal)

        guard case .failed(.jsonFiles, .journal, let reason) = failed.outcome else {
            Issue.record("expected a failed move: \(failed.outcome)")
            return
        }
        #expect(reason.contains("outbox.json could not be read: it is not valid JSON"))
        #expect(failed.engine.kind == .jsonFiles)
        let aside = try #require(
            directory.fileNames.first { $0.hasPrefix("outbox.json.corrupt-") })
        #expect(try String(contentsOf: directory.file(aside), encoding: .utf8) == "{ nope")

        // The next start moves what is left; the corrupt file stays where it was put.
        let next = migrator().start(wanting: .journal)
        #expect(try next.engine.records().count == 3)
        #expect(directory.fileNames.contains(aside))
    }

    @Test func aCopyTheNewEngineDoesNotGiveBackFailsTheMove() async throws {
        try await fill(.jsonFiles)
        let url = directory.url
        let migrator = StorageMigrator(
            directory: url,
            makeEngine: { kind in
                let engine = kind.makeEngine(directory: url)
                return kind == .journal ? ForgetfulEngine(engine: engine) : engine
            }, now: Self.clock)

        let failed = migrator.start(wanting: .journal)

        #expect(
            failed.outcome
                == .failed(
                    from: .jsonFiles, to: .journal,
                    reason: "the journal did not give the data back as written: "
                        + "it holds 5 records, not 6"))
        #expect(failed.engine.kind == .jsonFiles)
        #expect(try engine(.jsonFiles).records() == Self.everything)
        #expect(marker == nil)
    }

    @Test func aStartAfterACrashBetweenTheMarkerAndTheArchiveFinishesTheMove() async throws {
        try await fill(.jsonFiles)
        _ = migrator().start(wanting: .journal)
        // Put things back as a crash right after the marker flipped would leave them.
        let archive = directory.file("archive-json-20250615T150640Z")
        for name in try FileManager.default.contentsOfDirectory(atPath: archive.path) {
            try FileManager.default.moveItem(
                at: archive.appendingPathComponent(name), to: directory.file(name))
        }
        try FileManager.default.removeItem(at: archive)
        let progress = #"{"copied":6,"from":"json","to":"journal","total":6}"#
        try Data(progress.utf8).write(to: directory.file("storage-migration.json"))

        let finished = migrator().start(wanting: .journal)

        #expect(
            finished.outcome
                == .finished(from: .jsonFiles, to: .journal, archive: archive.path))
        #expect(engine(.jsonFiles).files().isEmpty)
        #expect(!directory.fileNames.contains("storage-migration.json"))
        #expect(try finished.engine.records() == Self.everything)
    }

    @Test func aCorruptMarkerIsMovedAsideAndTheDataFoundWhereItIs() async throws {
        try await fill(.journal)
        try Data("sqlite\n".utf8).write(to: directory.file("storage-engine.txt"))

        let startup = migrator().start(wanting: .journal)

        #expect(startup.outcome == .notNeeded)
        #expect(try startup.engine.records() == Self.everything)
        let aside = try #require(
            directory.fileNames.first { $0.hasPrefix("storage-engine.txt.corrupt-") })
        #expect(try String(contentsOf: directory.file(aside), encoding: .utf8) == "sqlite\n")
        #expect(startup.notice.count == 1)
        #expect(
            startup.notice.first?.hasPrefix(
                "Storage: \(directory.file("storage-engine.txt").path) could not be read: "
                    + "it names no storage engine ('sqlite', not json or journal).")
                == true)
    }
}

/// An engine that loses the last record written to it: a new engine with a bug.
struct ForgetfulEngine: StorageEngine {
    let engine: any StorageEngine

    var kind: StorageEngineKind { engine.kind }
    var sessions: any UserSessionRepository { engine.sessions }
    var notificationPreferences: any NotificationPreferenceRepository {
        engine.notificationPreferences
    }
    var outbox: any OutboxRepository { engine.outbox }
    func records() throws(StorageError) -> [StorageRecord] { try engine.records().dropLast() }
    func upsert(_ record: StorageRecord) throws(StorageError) { try engine.upsert(record) }
    func recover() -> [String] { engine.recover() }
    func files() -> [URL] { engine.files() }
}
