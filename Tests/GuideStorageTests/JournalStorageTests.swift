import Foundation
import GuideCore
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// What sets the journal engine apart: it appends, compacts, sets a torn last line aside,
/// and treats any other line that is not an entry as a corrupt journal.
@Suite(.noLeaks) struct JournalStorageTests {
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

    @Test func mostlyOutdatedLinesAreCompactedAwayAndNothingIsLost() async throws {
        let engine = JournalStorage(directory: directory.url, compactsAfter: 8)
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        try await engine.outbox.keep(message(0))
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

    @Test func aLineTornByACrashCostsThatLineAloneAndTheNextChangeSetsItAside() throws {
        let engine = JournalStorage(directory: directory.url)
        try engine.sessions.save(adaSession)
        let whole = try Data(contentsOf: journal)
        let torn = Data(#"{"put":{"kind":"sess"#.utf8)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: torn)
        try handle.close()

        // Read: every whole line, the torn one skipped and left where it is.
        #expect(try engine.sessions.load() == adaSession)
        #expect(try Data(contentsOf: journal) == whole + torn)

        // Changed: the torn bytes go aside first, so the new line follows a whole one.
        try engine.notificationPreferences.remember(.allowed, forUser: "ada")
        let aside = try #require(directory.fileNames.first { $0.hasPrefix("journal.log.torn-") })
        #expect(try Data(contentsOf: directory.file(aside)) == torn)
        #expect(try lines().count == 2)
        #expect(try Data(contentsOf: journal).starts(with: whole))
        #expect(try JournalStorage(directory: directory.url).records().count == 2)
        #expect(engine.recover().isEmpty)
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
