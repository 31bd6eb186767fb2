public import Foundation
public import GuideCore

/// What happened to the data at start-up: whether it moved to another engine, and how
/// that went.
public enum MigrationOutcome: Hashable, Sendable {
    /// The engine the toggle picks already held the data: nothing moved.
    case notNeeded
    /// The data moved and the new engine gave every record back.
    ///
    /// - `records`: how many records the data came to;
    /// - `resumedAfter`: how many an interrupted earlier run had copied already (0 when
    ///   this run did it all);
    /// - `archive`: where the old engine's files are kept, or `nil` when it had none;
    /// - `setAside`: where an earlier, unusable copy in the new engine was put, if any.
    case moved(
        from: StorageEngineKind, to: StorageEngineKind, records: Int, resumedAfter: Int,
        archive: String?, setAside: String?)
    /// An earlier run moved and verified the data but stopped before archiving the old
    /// files; this run archived them.
    case finished(from: StorageEngineKind, to: StorageEngineKind, archive: String?)
    /// The move failed; the old engine, which still holds the data, stays in use, and the
    /// next start tries again.
    case failed(from: StorageEngineKind, to: StorageEngineKind, reason: String)
}

/// The storage the app uses for this run, chosen at start-up, and what it took to get
/// there.
///
/// ``run(dataDirectory:toggles:disk:)`` makes one, as a start-up step of the app, before
/// the app container. The app sees it as GuideCore's `Storage`: the engine's repositories,
/// and the ``notice`` the console shows before the guide.
public struct StorageStartup: Storage {
    /// The engine in use: the one the toggle picks, or the old one when the move failed.
    public let engine: any StorageEngine
    /// What happened to the data.
    public let outcome: MigrationOutcome
    /// Problems met on the way that did not stop the app: a marker moved aside, old files
    /// that could not be archived.
    public let problems: [String]

    /// Makes a start-up report.
    ///
    /// - Parameters:
    ///   - engine: The engine in use.
    ///   - outcome: What happened to the data.
    ///   - problems: Problems that did not stop the app.
    public init(engine: any StorageEngine, outcome: MigrationOutcome, problems: [String] = []) {
        self.engine = engine
        self.outcome = outcome
        self.problems = problems
    }

    /// The app's storage start-up step: makes sure the data is in the engine the
    /// `journal-storage` toggle picks, moving it there with a ``StorageMigrator`` if the
    /// other engine holds it.
    ///
    /// It runs once, before the app container is made and before the first screen, as the
    /// toggles are resolved before it.
    ///
    /// ```swift
    /// let storage = StorageStartup.run(dataDirectory: directory, toggles: toggles)
    /// storage.notice   // what to tell the user, if anything happened
    /// ```
    ///
    /// - Parameters:
    ///   - dataDirectory: The data directory.
    ///   - toggles: The feature toggles for this run.
    ///   - disk: Where the bytes go; the file system's disk unless a test gives a full one.
    /// - Returns: The engine to use and what happened.
    public static func run(
        dataDirectory: URL, toggles: FeatureToggles, disk: any Disk = SystemDisk()
    ) -> StorageStartup {
        StorageMigrator(directory: dataDirectory, disk: disk)
            .start(wanting: toggles.isOn(.journalStorage) ? .journal : .jsonFiles)
    }

    /// The session store of the engine in use.
    public var sessions: any UserSessionRepository { engine.sessions }

    /// The notification answers of the engine in use.
    public var notificationPreferences: any NotificationPreferenceRepository {
        engine.notificationPreferences
    }

    /// The outbox of the engine in use.
    public var outbox: any OutboxRepository { engine.outbox }

    /// What to tell the user, one line each: nothing when nothing happened.
    ///
    /// ```text
    /// Storage: moving your data from JSON files to the journal… 3 records moved and verified.
    /// The JSON files are kept in /x/archive-json-20250102T030405Z.
    /// ```
    public var notice: [String] {
        var lines: [String]
        switch outcome {
        case .notNeeded:
            lines = []
        case .moved(let from, let to, 0, _, nil, let setAside):
            lines = [
                "Storage: now using \(to.displayName) instead of \(from.displayName); "
                    + "there was no data to move."
            ]
            if let setAside { lines.append(Self.setAsideLine(to, setAside)) }
        case .moved(let from, let to, let records, let resumedAfter, let archive, let setAside):
            let start =
                resumedAfter == 0
                ? "Storage: moving your data from \(from.displayName) to \(to.displayName)…"
                : "Storage: resuming the move of your data from \(from.displayName) to "
                    + "\(to.displayName), interrupted after \(resumedAfter) of \(records) "
                    + "records…"
            lines = ["\(start) \(Self.count(records)) moved and verified."]
            if let archive { lines.append("The \(from.fileDescription) kept in \(archive).") }
            if let setAside { lines.append(Self.setAsideLine(to, setAside)) }
        case .finished(let from, let to, let archive):
            lines = ["Storage: finished the move to \(to.displayName) that the last run verified."]
            if let archive { lines.append("The \(from.fileDescription) kept in \(archive).") }
        case .failed(let from, let to, let reason):
            lines = [
                "Storage: could not move your data from \(from.displayName) to "
                    + "\(to.displayName): \(reason)",
                "The guide goes on with \(from.displayName) for now; "
                    + "the move is tried again at the next start.",
            ]
        }
        return lines + problems.map { "Storage: \($0)" }
    }

    private static func count(_ records: Int) -> String {
        records == 1 ? "1 record" : "\(records) records"
    }

    private static func setAsideLine(_ kind: StorageEngineKind, _ path: String) -> String {
        "An unfinished copy in \(kind.displayName) from an earlier attempt was set aside in "
            + "\(path)."
    }
}

extension StorageEngineKind {
    /// The old engine's files in "The … kept in": "JSON files are", "journal is".
    fileprivate var fileDescription: String {
        switch self {
        case .jsonFiles: "JSON files are"
        case .journal: "journal is"
        }
    }
}
