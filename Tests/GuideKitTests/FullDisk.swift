import Foundation
import GuideKit
import GuideStorage
import GuideTestSupport
import Synchronization
import Testing
import guide

/// A data directory on a small disk that the test fills: a 64 KiB tmpfs mounted for the
/// test where it may mount one (root on Linux), and otherwise an ordinary directory where,
/// once it is full, the guide runs in the test's process on a ``LimitedDisk``.
///
/// Either way a run after ``fill()`` may write only into the slack of the journal's last
/// page — what a real tmpfs lets through — and then fails with "There isn’t enough space",
/// so a long journal line is cut where its page ends, as on the disk.
final class FullDisk {
    let directory = TemporaryDirectory()
    /// Whether the directory is a tmpfs of its own; `false` when mounting was refused.
    let isTmpfs: Bool
    private(set) var isFull = false

    var url: URL { directory.url }

    /// Mounts the tmpfs, unless `GUIDEKIT_TESTS_NO_TMPFS` is set: then the test runs as
    /// where mounting is refused.
    init() {
        isTmpfs =
            ProcessInfo.processInfo.environment["GUIDEKIT_TESTS_NO_TMPFS"] == nil
            && Self.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.url.path])
    }

    deinit {
        if isTmpfs { _ = Self.run("/bin/umount", [directory.url.path]) }
    }

    /// Takes every free page of the disk, so that only the slack of the files' last pages
    /// is left.
    func fill() throws {
        isFull = true
        guard isTmpfs else { return }
        let filler = directory.file(".filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        defer { try? handle.close() }
        do {
            while true { try handle.write(contentsOf: Data(count: 4096)) }
        } catch {
            // Full: the point.
        }
    }

    /// Gives the disk its room back.
    func free() throws {
        isFull = false
        guard isTmpfs else { return }
        try FileManager.default.removeItem(at: directory.file(".filler"))
    }

    /// Runs the guide on this disk: the built `guide`, except on a full disk without a
    /// tmpfs, where the guide's command runs in this process with its engines writing
    /// through a ``LimitedDisk``.
    ///
    /// - Parameters:
    ///   - arguments: The command line.
    ///   - input: Standard input.
    ///   - limit: The bytes the full disk still takes; by default what a tmpfs would —
    ///     the rest of the journal's last page, as a file replaced whole needs new pages
    ///     and gets none.
    /// - Returns: What the run printed and its exit status.
    /// - Throws: When the built `guide` cannot be run.
    func run(_ arguments: [String], input: String, limit: Int? = nil) async throws -> Guide.Run {
        guard isFull, !isTmpfs else { return try await Guide.run(arguments, input: input) }
        let journal = directory.file("journal.log").path
        let size = (try? FileManager.default.attributesOfItem(atPath: journal))?[.size] as? Int
        let slack = size.map { (4096 - $0 % 4096) % 4096 } ?? 0
        return await Guide.runInProcess(
            arguments, input: input, disk: LimitedDisk(bytes: limit ?? slack))
    }

    /// The names of the files the guide left, without the filler.
    var fileNames: [String] { directory.fileNames.filter { $0 != ".filler" } }

    private static func mount(_ arguments: [String]) -> Bool {
        run("/bin/mount", arguments)
    }

    private static func run(_ path: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A message near the contact form's limit: its journal line is about 1.1 KB, so that
/// a few of them cross a page.
func longMessage(_ n: Int) -> String {
    "Message \(n):" + String(repeating: " please call me back about my account.", count: 25)
}

/// A disk that is full after so many bytes, all files together: a write that passes the
/// limit writes what fits and then fails as a full disk does, with the same error.
final class LimitedDisk: Disk {
    /// The bytes left to write.
    private let left: Mutex<Int>

    init(bytes: Int) { left = Mutex(bytes) }

    func write(_ data: Data, to handle: FileHandle) throws {
        let allowed = left.withLock { left in
            let taken = min(left, data.count)
            left -= taken
            return taken
        }
        try handle.write(contentsOf: data.prefix(allowed))
        guard allowed == data.count else { throw CocoaError(.fileWriteOutOfSpace) }
    }
}

extension Guide {
    /// Runs the guide's command in this process, as the `guide` executable does, with
    /// `input` on its standard input and its storage engines writing through `disk`.
    @MainActor
    static func runInProcess(_ arguments: [String], input: String, disk: any Disk) async -> Run {
        let scratch = TemporaryDirectory()
        var lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let output = RecordingOutput()
        let errors = RecordingOutput()
        let status = await GuideCommand.run(
            arguments: arguments, environment: ["HOME": scratch.url.path, "PATH": "/usr/bin:/bin"],
            input: ScriptedInput(lines), output: output, errors: errors, disk: disk)
        return Run(status: status, output: output.text, errors: errors.text)
    }
}
