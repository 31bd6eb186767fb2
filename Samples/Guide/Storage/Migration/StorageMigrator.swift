public import Foundation
import GuideCore

/// Moves the guide's data from one storage engine to the other at start-up, when the
/// `journal-storage` toggle no longer matches the engine that holds the data.
///
/// A move reads every record of the old engine, copies each into the new one with an
/// idempotent upsert — writing its progress to `storage-migration.json` after each — and
/// then reads every record back from the new engine. Only when they all match does it
/// flip the marker (`storage-engine.txt`) and archive the old engine's files into
/// `archive-<engine>-<timestamp>/`; nothing is deleted. So a move
///
/// - is idempotent: once the marker names the wanted engine, there is nothing to do;
/// - resumes: a run that stops part-way leaves the new engine holding the first records,
///   and the next run copies the rest;
/// - keeps the old data until the new engine has given it all back;
/// - works in both directions, from JSON files to the journal and back;
/// - leaves the old engine in use when it fails, with a message that says why;
/// - starts with each engine's ``StorageEngine/recover()``: a record torn by a crash or a
///   full disk is set aside and reported, and only whole records move.
///
/// ```swift
/// let startup = StorageMigrator(directory: directory).start(wanting: .journal)
/// startup.notice   // ["Storage: moving your data from JSON files to the journal… …"]
/// let sessions = startup.engine.sessions
/// ```
public struct StorageMigrator: Sendable {
    /// The data directory.
    public let directory: URL
    private let marker: StorageMarker
    private let makeEngine: @Sendable (StorageEngineKind) -> any StorageEngine
    private let now: @Sendable () -> Date
    private let afterCopying: @Sendable (_ copied: Int) throws -> Void

    /// Makes a migrator for the data in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - disk: Where the bytes of the marker, the progress and the engines go; the file
    ///     system's disk unless a test gives a full one.
    ///   - makeEngine: Makes each engine over the directory; tests hand in engines that
    ///     fail.
    ///   - now: The clock that names the archive folders.
    ///   - afterCopying: Called after each record is copied and the progress written, with
    ///     the number copied so far; a test throws from it to interrupt the move after `n`
    ///     records, leaving the files as a crash would.
    public init(
        directory: URL,
        disk: any Disk = SystemDisk(),
        makeEngine: (@Sendable (StorageEngineKind) -> any StorageEngine)? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        afterCopying: @escaping @Sendable (_ copied: Int) throws -> Void = { _ in }
    ) {
        self.directory = directory
        marker = StorageMarker(directory: directory, disk: disk)
        self.makeEngine = makeEngine ?? { $0.makeEngine(directory: directory, disk: disk) }
        self.now = now
        self.afterCopying = afterCopying
    }

    /// Makes sure the data is in `wanted`, moving it there if another engine holds it.
    ///
    /// - Parameter wanted: The engine the toggle picks.
    /// - Returns: The engine to use — `wanted`, or the old engine when the move failed —
    ///   and what happened.
    public func start(wanting wanted: StorageEngineKind) -> StorageStartup {
        // Before anything reads an engine, each sets aside what a crash or a full disk tore,
        // so that a move copies whole records only and the user hears what was lost.
        var problems = StorageEngineKind.allCases.flatMap { makeEngine($0).recover() }
        let progress: StorageMarker.Progress?
        do {
            progress = try marker.progress.read()
        } catch {
            problems.append("the record of an earlier move was unusable: \(error)")
            progress = nil
        }
        let current: StorageEngineKind
        do {
            current = try marker.engine() ?? inferredEngine(progress: progress)
        } catch {
            problems.append("\(error)")
            current = inferredEngine(progress: progress)
        }
        if current == wanted {
            guard let progress, progress.to == current else {
                return StorageStartup(
                    engine: makeEngine(current), outcome: .notNeeded, problems: problems)
            }
            return finish(progress, problems: problems)
        }
        do {
            return try move(from: current, to: wanted, problems: &problems)
        } catch {
            return StorageStartup(
                engine: makeEngine(current),
                outcome: .failed(from: current, to: wanted, reason: "\(error)"),
                problems: problems)
        }
    }

    private func move(
        from: StorageEngineKind, to: StorageEngineKind, problems: inout [String]
    ) throws -> StorageStartup {
        let source = makeEngine(from)
        let target = makeEngine(to)
        let records = try source.records()

        // Resume when the new engine holds the first records and nothing else; otherwise
        // set its files aside and start over.
        var copied = 0
        var setAside: URL?
        var held: [StorageRecord]?
        do {
            held = try target.records()
        } catch {
            problems.append("\(error)")
        }
        if let held, held == Array(records.prefix(held.count)) {
            copied = held.count
        } else if !target.files().isEmpty {
            setAside = try archive(target.files(), as: "unfinished-\(to.rawValue)")
        }
        let resumedAfter = copied
        try marker.progress.write(.init(from: from, to: to, total: records.count, copied: copied))
        while copied < records.count {
            try target.upsert(records[copied])
            copied += 1
            try marker.progress.write(
                .init(from: from, to: to, total: records.count, copied: copied))
            try afterCopying(copied)
        }
        try verify(target, holds: records)
        try marker.setEngine(to)

        var archive: URL?
        do {
            archive = try self.archive(source.files(), as: "archive-\(from.rawValue)")
            try marker.progress.remove()
        } catch {
            problems.append("the old files could not all be archived: \(error)")
        }
        return StorageStartup(
            engine: target,
            outcome: .moved(
                from: from, to: to, records: records.count, resumedAfter: resumedAfter,
                archive: archive?.path, setAside: setAside?.path),
            problems: problems)
    }

    /// Archives the old engine's files after a run that flipped the marker but stopped
    /// before that.
    private func finish(_ progress: StorageMarker.Progress, problems: [String]) -> StorageStartup {
        var problems = problems
        var archive: URL?
        do {
            archive = try self.archive(
                makeEngine(progress.from).files(), as: "archive-\(progress.from.rawValue)")
            try marker.progress.remove()
        } catch {
            problems.append("the old files could not all be archived: \(error)")
        }
        return StorageStartup(
            engine: makeEngine(progress.to),
            outcome: .finished(from: progress.from, to: progress.to, archive: archive?.path),
            problems: problems)
    }

    /// Reads every record back from `target` and compares it with what was copied.
    private func verify(_ target: any StorageEngine, holds records: [StorageRecord]) throws {
        let copy = try target.records()
        guard copy != records else { return }
        let difference =
            zip(records, copy).first { $0 != $1 }.map { "\($0.0) differs" }
            ?? "it holds \(copy.count) records, not \(records.count)"
        throw MigrationFailure(
            "\(target.kind.displayName) did not give the data back as written: \(difference)")
    }

    /// Moves `files` into a new folder `<name>-<timestamp>` in the data directory.
    ///
    /// - Returns: The folder, or `nil` when there are no files.
    private func archive(_ files: [URL], as name: String) throws(StorageError) -> URL? {
        guard !files.isEmpty else { return nil }
        let folder = FileManager.default.unusedURL(
            directory.appendingPathComponent(
                "\(name)-\(FileManager.stamp(now()))", isDirectory: true))
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            for file in files {
                try FileManager.default.moveItem(
                    at: file, to: folder.appendingPathComponent(file.lastPathComponent))
            }
        } catch {
            throw .unwritable(file: folder.path, reason: error.localizedDescription)
        }
        return folder
    }

    /// The engine that holds the data when no marker says: the source of a move in flight,
    /// else the first engine that has files, else JSON files, where the guide always kept
    /// its data before it had a marker.
    private func inferredEngine(progress: StorageMarker.Progress?) -> StorageEngineKind {
        if let progress { return progress.from }
        return StorageEngineKind.allCases.first { !makeEngine($0).files().isEmpty } ?? .jsonFiles
    }
}

/// Why a move failed, when no file is to blame.
struct MigrationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
