import Foundation
import GuideCore
import GuideKit
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

/// The built `guide` over a journal whose last record a crash or a full disk cut short: the
/// restart keeps every whole record, sets the torn bytes aside and says what was lost.
@Suite(.noLeaks, .timeLimit(.minutes(1))) struct TornJournalTests {
    let directory = TemporaryDirectory()
    var journal: URL { directory.file("journal.log") }
    var arguments: [String] {
        ["--data-dir", directory.url.path, "--toggle", "journal-storage=on"]
    }

    /// A journal of four whole entries — the session, the answer, two messages — as the
    /// guide writes it; returns its bytes.
    func writeFourEntries() async throws -> Data {
        let run = try await Guide.run(
            arguments,
            input: "1\ndemo@example.com\ndemo1234\nallow\ncontact support\nFirst message here.\n"
                + "contact support\nSecond message here.\n:quit\n")
        #expect(run.output.contains("Thank you. Your message is in the outbox"))
        let whole = try Data(contentsOf: journal)
        #expect(whole.split(separator: UInt8(ascii: "\n")).count == 4)
        return whole
    }

    /// The next entry the guide would append: a third message, as the journal spells it.
    func nextEntry(after whole: Data) throws -> Data {
        let lines = whole.split(separator: UInt8(ascii: "\n"))
        let third = String(decoding: lines[2], as: UTF8.self)
            .replacingOccurrences(of: "First message here.", with: "Third, never saved.")
            .replacingOccurrences(of: #""position":0"#, with: #""position":2"#)
        return Data(third.utf8)
    }

    func append(_ bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// Where the cut falls in the next entry: its first byte; inside its `kind`; its half;
    /// all of it but the newline, which is what makes an entry whole.
    enum Cut: CaseIterable { case firstByte, insideKind, half, allButTheNewline }

    @Test(
        "a torn last record costs that record alone, wherever it was cut",
        arguments: Cut.allCases)
    func aTornLastRecordIsSetAsideAndEveryWholeRecordKept(cut: Cut) async throws {
        let whole = try await writeFourEntries()
        let entry = try nextEntry(after: whole)
        let length =
            switch cut {
            case .firstByte: 1
            case .insideKind: 20
            case .half: entry.count / 2
            case .allButTheNewline: entry.count
            }
        let torn = entry.prefix(length)
        try append(torn)

        let restart = try await Guide.run(arguments, input: ":quit\n")
        let aside = try #require(directory.fileNames.first { $0.hasPrefix("journal.log.torn-") })
        let what = length < 24 ? "a record cut too short to tell which" : "a contact message"
        expectInOrder(
            restart.output,
            [
                "Storage: the last record in \(journal.path) was cut short at \(length) bytes, "
                    + "as a crash or a full disk leaves it: \(what), never reported as saved. "
                    + "Its bytes are set aside in \(directory.file(aside).path); the 4 entries "
                    + "before it are kept.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
        #expect(!restart.output.contains("Stored session:"))
        #expect(try Data(contentsOf: journal) == whole)
        #expect(try Data(contentsOf: directory.file(aside)) == torn)
        #expect(
            try JournalStorage(directory: directory.url).outbox.messages().map(\.text) == [
                "First message here.", "Second message here.",
            ])

        // Told once: the next start finds a whole journal.
        let again = try await Guide.run(arguments, input: ":quit\n")
        #expect(!again.output.contains("Storage:"))
    }

    @Test func aBadLineInTheMiddleIsCorruptionAndTheWholeJournalIsMovedAside() async throws {
        let whole = try await writeFourEntries()
        var lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines[1] = lines[1].prefix(10)  // torn, then written after: not what a crash leaves
        let corrupt = Data(lines.joined(separator: [UInt8(ascii: "\n")]))
        try corrupt.write(to: journal)

        let restart = try await Guide.run(arguments, input: ":quit\n")
        let aside = try #require(directory.fileNames.first { $0.hasPrefix("journal.log.corrupt-") })
        expectInOrder(
            restart.output,
            [
                "Storage: \(journal.path) could not be read: line 2 is not a journal "
                    + "entry (it is not valid JSON). It was moved aside to "
                    + "\(directory.file(aside).path).\n",
                "Welcome to the Strata guide.",
            ])
        #expect(try Data(contentsOf: directory.file(aside)) == corrupt)
        #expect(!directory.fileNames.contains { $0.hasPrefix("journal.log.torn-") })
    }

    @Test func aMoveFromATornJournalCopiesTheWholeRecordsAndSaysWhatWasLost() async throws {
        let whole = try await writeFourEntries()
        let entry = try nextEntry(after: whole)
        try append(entry.prefix(entry.count / 2))

        let off = try await Guide.run(
            ["--data-dir", directory.url.path, "--toggle", "journal-storage=off"], input: ":quit\n")
        expectInOrder(
            off.output,
            [
                "Storage: moving your data from the journal to JSON files… 4 records moved and "
                    + "verified.\n",
                "Storage: the last record in \(journal.path) was cut short at "
                    + "\(entry.count / 2) bytes",
                "the 4 entries before it are kept.\n",
                "Home. You are signed in as Demo User <demo@example.com>.\n",
            ])
        let json = JSONFileStorage(directory: directory.url)
        #expect(
            try json.outbox.messages().map(\.text) == [
                "First message here.", "Second message here.",
            ])
        #expect(try json.notificationPreferences.choice(forUser: "demo") == .allowed)
        #expect(directory.fileNames.contains { $0.hasPrefix("journal.log.torn-") })
    }
}
