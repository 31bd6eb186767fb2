import Foundation
import GuideCore
import GuideStorage
import GuideTestSupport
import StrataTesting
import Testing

@Suite(.noLeaks) struct FileUserSessionRepositoryTests {
    let directory = TemporaryDirectory()
    var repository: FileUserSessionRepository {
        FileUserSessionRepository(directory: directory.url)
    }

    @Test func nothingStoredLoadsNil() throws {
        #expect(try repository.load() == nil)
    }

    @Test func aSavedSessionLoadsInANewRepository() throws {
        try repository.save(adaSession)
        #expect(try FileUserSessionRepository(directory: directory.url).load() == adaSession)
        #expect(directory.fileNames == ["session.json"])
    }

    @Test func saveMakesTheDataDirectory() throws {
        let nested = directory.url.appendingPathComponent("a/b", isDirectory: true)
        try FileUserSessionRepository(directory: nested).save(adaSession)
        #expect(try FileUserSessionRepository(directory: nested).load() == adaSession)
    }

    @Test func saveReplacesTheWholeFile() throws {
        try repository.save(
            UserSession(
                userID: "long", name: String(repeating: "x", count: 500), email: "x@y.z",
                token: "t"))
        try repository.save(adaSession)
        let data = try Data(contentsOf: directory.file("session.json"))
        #expect(try JSONDecoder().decode(UserSession.self, from: data) == adaSession)
        #expect(directory.fileNames == ["session.json"])
    }

    @Test func clearRemovesTheFile() throws {
        try repository.save(adaSession)
        try repository.clear()
        #expect(try repository.load() == nil)
        #expect(directory.fileNames.isEmpty)
        try repository.clear()
    }

    @Test(arguments: [
        ("{ not json", "it is not valid JSON"),
        (#"{"userID": "ada", "name": "Ada", "token": "t"}"#, #"it has no "email""#),
        (
            #"{"userID": 7, "name": "Ada", "email": "a@b.c", "token": "t"}"#,
            #""userID" does not hold what the guide wrote there"#
        ),
    ])
    func aCorruptFileIsMovedAsideNotDeleted(contents: String, reason: String) throws {
        try Data(contents.utf8).write(to: directory.file("session.json"))
        #expect {
            try repository.load()
        } throws: { error in
            guard case StorageError.corrupt(_, let movedTo, let given) = error else {
                return false
            }
            return given == reason
                && (try? String(contentsOfFile: movedTo, encoding: .utf8)) == contents
        }
        let names = directory.fileNames
        #expect(names.count == 1)
        #expect(names.first?.hasPrefix("session.json.corrupt-") == true)
        #expect(try repository.load() == nil)
    }

    @Test func twoCorruptFilesInTheSameSecondKeepBoth() throws {
        // Two moments half a second apart, in the second 2025-01-02T03:04:05Z.
        let moments = [1_735_787_045.2, 1_735_787_045.7].map(Date.init(timeIntervalSince1970:))
        for (moment, garbage) in zip(moments, ["oops, the first", "oops, the second"]) {
            try Data(garbage.utf8).write(to: directory.file("session.json"))
            let repository = FileUserSessionRepository(directory: directory.url, now: { moment })
            #expect(throws: StorageError.self) { try repository.load() }
        }
        #expect(
            directory.fileNames == [
                "session.json.corrupt-20250102T030405Z", "session.json.corrupt-20250102T030405Z-2",
            ])
        let first = directory.file("session.json.corrupt-20250102T030405Z")
        let second = directory.file("session.json.corrupt-20250102T030405Z-2")
        #expect(try String(contentsOf: first, encoding: .utf8) == "oops, the first")
        #expect(try String(contentsOf: second, encoding: .utf8) == "oops, the second")
    }
}

@Suite(.noLeaks) struct FileNotificationPreferenceRepositoryTests {
    let directory = TemporaryDirectory()

    @Test func remembersAnswersPerUserAcrossInstances() throws {
        try FileNotificationPreferenceRepository(directory: directory.url)
            .remember(.allowed, forUser: "ada")
        try FileNotificationPreferenceRepository(directory: directory.url)
            .remember(.denied, forUser: "grace")
        let reopened = FileNotificationPreferenceRepository(directory: directory.url)
        #expect(try reopened.choice(forUser: "ada") == .allowed)
        #expect(try reopened.choice(forUser: "grace") == .denied)
        #expect(try reopened.choice(forUser: "linus") == nil)
    }

    @Test func aCorruptFileIsMovedAsideAndANewAnswerStartsAFreshOne() throws {
        try Data("[1, 2".utf8).write(to: directory.file("notifications.json"))
        let repository = FileNotificationPreferenceRepository(directory: directory.url)
        try repository.remember(.allowed, forUser: "ada")
        #expect(try repository.choice(forUser: "ada") == .allowed)
        #expect(directory.fileNames.count == 2)
        #expect(directory.fileNames.contains { $0.hasPrefix("notifications.json.corrupt-") })
    }
}

@Suite(.noLeaks) struct FileOutboxRepositoryTests {
    let directory = TemporaryDirectory()

    @Test func keepsMessagesInOrder() throws {
        let first = ContactMessage(
            replyTo: "a@b.co", text: "first message", sentAt: Date(timeIntervalSince1970: 0))
        let second = ContactMessage(
            replyTo: "c@d.co", text: "second message", sentAt: Date(timeIntervalSince1970: 60))
        try FileOutboxRepository(directory: directory.url).keep(first)
        try FileOutboxRepository(directory: directory.url).keep(second)
        #expect(try FileOutboxRepository(directory: directory.url).messages() == [first, second])
        #expect(directory.fileNames == ["outbox.json"])
    }
}

@Suite(.noLeaks) struct JSONFileStorageRecoveryTests {
    let directory = TemporaryDirectory()

    @Test func theCopyACrashLeftMidWriteIsRemovedAndSaidAndTheFileKept() async throws {
        let engine = JSONFileStorage(directory: directory.url)
        try await engine.outbox.keep(message(0))
        let before = try Data(contentsOf: directory.file("outbox.json"))
        let copy = directory.file(".outbox.json.saving-0A1B")
        try Data("[{\"replyTo\":".utf8).write(to: copy)

        #expect(
            engine.recover() == [
                "a write to \(directory.file("outbox.json").path) was cut short before it was "
                    + "saved; the file holds what it held before, and the unfinished copy was "
                    + "removed."
            ])
        #expect(directory.fileNames == ["outbox.json"])
        #expect(try Data(contentsOf: directory.file("outbox.json")) == before)
        #expect(engine.recover().isEmpty)
    }
}
