import Foundation
import GuideCore
import GuideKit
import StrataTesting
import Testing

/// What sets the journal engine apart: it appends, compacts, and treats a torn line as a
/// corrupt journal.
@Suite(.noSurvivors) struct JournalStorageTests {
    let directory = TemporaryDirectory()
    var journal: URL { directory.file("journal.log") }

    func lines() throws -> [String] {
        try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func aChangeAppendsOneLineAndLeavesTheOthersAsTheyWere() throws {
        let engine = JournalStorage(directory: directory.url)
        try engine.sessions.save(adaSession)
        let before = try lines()
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try engine.sessions.clear()
        let after = try lines()
        #expect(after.count == before.count + 2)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.last == #"{"remove":"session"}"#)
        #expect(directory.fileNames == ["journal.log"])
    }

    @Test func writingWhatIsAlreadyThereAppendsNothing() throws {
        let engine = JournalStorage(directory: directory.url)
        try engine.sessions.save(adaSession)
        try engine.sessions.save(adaSession)
        try engine.sessions.clear()
        try engine.sessions.clear()
        #expect(try lines().count == 2)
    }

    @Test func mostlyOutdatedLinesAreCompactedAwayAndNothingIsLost() throws {
        let engine = JournalStorage(directory: directory.url, compactsAfter: 8)
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try engine.outbox.keep(message(0))
        var longest = 0
        for round in 0..<30 {
            var session = adaSession
            session.name = "Ada \(round)"
            try engine.sessions.save(session)
            longest = max(longest, try lines().count)
        }
        #expect(longest <= 8)
        #expect(try lines().count < 9)
        let reopened = JournalStorage(directory: directory.url)
        #expect(try reopened.sessions.load()?.name == "Ada 29")
        #expect(try reopened.notificationPreferences.choice(forUser: "ada") == .allowed)
        #expect(try reopened.outbox.messages() == [message(0)])
        #expect(directory.fileNames == ["journal.log"])
    }

    @Test func aLineTornByACrashMakesTheJournalCorruptAndItIsMovedAside() throws {
        let engine = JournalStorage(directory: directory.url)
        try engine.sessions.save(adaSession)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"put":{"kind":"sess"#.utf8))
        try handle.close()
        let torn = try String(contentsOf: journal, encoding: .utf8)

        #expect {
            try engine.sessions.load()
        } throws: { error in
            guard case StorageError.corrupt(_, let movedTo, let reason) = error else {
                return false
            }
            return reason.hasPrefix("line 2 is not a journal entry")
                && (try? String(contentsOfFile: movedTo, encoding: .utf8)) == torn
        }
        #expect(try engine.sessions.load() == nil)
        #expect(directory.fileNames.count == 1)
        #expect(directory.fileNames.first?.hasPrefix("journal.log.corrupt-") == true)
    }

    @Test(arguments: [
        #"{"put":{"kind":"session"}}"#, "{}", "[1, 2]",
        #"{"put":{"kind":"notification","userID":"a","choice":"allowed"},"remove":"session"}"#,
        #"{"put":{"kind":"planet","name":"Mars"}}"#,
    ])
    func aLineThatIsNotAnEntryIsCorrupt(line: String) throws {
        let written = Data((line + "\n").utf8)
        try written.write(to: journal)
        let error = #expect(throws: StorageError.self) {
            try JournalStorage(directory: directory.url).records()
        }
        // The journal is moved aside, never deleted: one file, holding what was written.
        let names = directory.fileNames
        #expect(names.count == 1)
        let aside = try #require(names.first { $0.hasPrefix("journal.log.corrupt-") })
        #expect(try Data(contentsOf: directory.file(aside)) == written)
        guard case .corrupt(let file, let movedTo, _) = error else {
            Issue.record("expected StorageError.corrupt, got \(String(describing: error))")
            return
        }
        #expect(file == journal.path)
        #expect(movedTo == directory.file(aside).path)
    }
}
