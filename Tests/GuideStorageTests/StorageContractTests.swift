import Foundation
import GuideCore
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// The repository contract, run against both storage engines: whatever one engine does
/// with the session, the notification answers and the outbox, the other does too.
@Suite(.noLeaks) struct StorageContractTests {
    let directory = TemporaryDirectory()

    func engine(_ kind: StorageEngineKind) -> any StorageEngine {
        kind.makeEngine(directory: directory.url)
    }

    static let engines = StorageEngineKind.allCases

    @Test(arguments: engines)
    func anEmptyDirectoryHoldsNothing(kind: StorageEngineKind) throws {
        let engine = engine(kind)
        #expect(try engine.sessions.load() == nil)
        #expect(try engine.notificationPreferences.choice(forUser: "ada") == nil)
        #expect(try engine.outbox.messages().isEmpty)
        #expect(try engine.records().isEmpty)
        #expect(engine.files().isEmpty)
        #expect(directory.fileNames.isEmpty, "reading writes nothing")
    }

    @Test(arguments: engines)
    func aSavedSessionLoadsInANewEngineAndTheLastSaveWins(kind: StorageEngineKind) throws {
        try engine(kind).sessions.save(adaSession)
        var renamed = adaSession
        renamed.name = "Countess of Lovelace"
        try engine(kind).sessions.save(renamed)
        #expect(try engine(kind).sessions.load() == renamed)
    }

    @Test(arguments: engines)
    func clearForgetsTheSessionAndClearingTwiceIsFine(kind: StorageEngineKind) throws {
        let sessions = engine(kind).sessions
        try sessions.save(adaSession)
        try sessions.clear()
        #expect(try sessions.load() == nil)
        try sessions.clear()
        #expect(try engine(kind).sessions.load() == nil)
    }

    @Test(arguments: engines)
    func saveMakesTheDataDirectory(kind: StorageEngineKind) throws {
        let nested = directory.url.appendingPathComponent("a/b", isDirectory: true)
        try kind.makeEngine(directory: nested).sessions.save(adaSession)
        #expect(try kind.makeEngine(directory: nested).sessions.load() == adaSession)
    }

    @Test(arguments: engines)
    func remembersAnswersPerUserAndTheLastAnswerWins(kind: StorageEngineKind) throws {
        try engine(kind).notificationPreferences.remember(.allowed, forUser: "ada")
        try engine(kind).notificationPreferences.remember(.denied, forUser: "grace")
        try engine(kind).notificationPreferences.remember(.denied, forUser: "ada")
        let reopened = engine(kind).notificationPreferences
        #expect(try reopened.choice(forUser: "ada") == .denied)
        #expect(try reopened.choice(forUser: "grace") == .denied)
        #expect(try reopened.choice(forUser: "linus") == nil)
    }

    @Test(arguments: engines)
    func keepsMessagesInOrder(kind: StorageEngineKind) async throws {
        let messages = (0..<12).map { message($0) }
        for message in messages { try await engine(kind).outbox.keep(message) }
        #expect(try engine(kind).outbox.messages() == messages)
    }

    @Test(arguments: engines)
    func recordsListEverythingSortedByKey(kind: StorageEngineKind) async throws {
        let engine = engine(kind)
        try engine.sessions.save(adaSession)
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try await engine.outbox.keep(message(0))
        try await engine.outbox.keep(message(1))
        #expect(
            try engine.records() == [
                .notificationChoice(userID: "ada", .allowed),
                .outboxMessage(position: 0, message(0)),
                .outboxMessage(position: 1, message(1)), .session(adaSession),
            ])
    }

    @Test(arguments: engines)
    func upsertTwiceIsUpsertOnceAndReplacesByKey(kind: StorageEngineKind) throws {
        let engine = engine(kind)
        let records: [StorageRecord] = [
            .notificationChoice(userID: "ada", .allowed),
            .outboxMessage(position: 0, message(0)), .session(adaSession),
        ]
        for record in records + records { try engine.upsert(record) }
        #expect(try engine.records() == records)
        try engine.upsert(.notificationChoice(userID: "ada", .denied))
        try engine.upsert(.outboxMessage(position: 0, message(5)))
        #expect(try engine.notificationPreferences.choice(forUser: "ada") == .denied)
        #expect(try engine.outbox.messages() == [message(5)])
        #expect(try engine.sessions.load() == adaSession)
    }

    @Test(arguments: engines)
    func anOutboxPositionPastTheEndIsRefused(kind: StorageEngineKind) throws {
        let engine = engine(kind)
        #expect(throws: StorageError.self) {
            try engine.upsert(.outboxMessage(position: 1, message(1)))
        }
        #expect(try engine.outbox.messages().isEmpty)
    }

    @Test(arguments: engines)
    func aCorruptFileIsReportedAndMovedAsideNeverDeleted(kind: StorageEngineKind) async throws {
        let engine = engine(kind)
        try engine.sessions.save(adaSession)
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try await engine.outbox.keep(message(0))
        var garbage: [String: String] = [:]
        for file in engine.files() {
            // A whole line: a journal's unfinished last line is a torn record, not garbage.
            garbage[file.lastPathComponent] = "{ garbage in \(file.lastPathComponent)\n"
            try Data(garbage[file.lastPathComponent]!.utf8).write(to: file)
        }

        var reports: [StorageError] = []
        do throws(StorageError) { _ = try engine.sessions.load() } catch { reports.append(error) }
        do throws(StorageError) {
            _ = try engine.notificationPreferences.choice(forUser: "ada")
        } catch {
            reports.append(error)
        }
        do throws(StorageError) { _ = try engine.outbox.messages() } catch { reports.append(error) }

        #expect(!reports.isEmpty)
        for report in reports {
            guard case .corrupt(let file, let movedTo, let reason) = report else {
                Issue.record("not reported as corrupt: \(report)")
                continue
            }
            let name = URL(fileURLWithPath: file).lastPathComponent
            #expect(movedTo.hasPrefix(file + ".corrupt-"))
            #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == garbage[name])
            #expect(report.description.contains(reason))
        }
        #expect(reports.count == garbage.count, "every garbage file was reported once")
        #expect(engine.files().isEmpty)
        #expect(try engine.records().isEmpty)
        #expect(directory.fileNames.count == garbage.count)
        #expect(directory.fileNames.allSatisfy { $0.contains(".corrupt-") })
    }
}

/// The `n`th message of a test outbox, a minute after the one before.
func message(_ n: Int) -> ContactMessage {
    ContactMessage(
        replyTo: "writer\(n)@example.com", text: "Message number \(n), long enough.",
        sentAt: Date(timeIntervalSince1970: 1_700_000_000 + 60 * Double(n)))
}
