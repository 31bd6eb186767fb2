import Foundation
import GuideCore

/// A last record that a crash or a full disk cut short, set aside from the journal: what it
/// was, where its bytes are now, and what the journal kept.
///
/// Its description is the start-up notice:
///
/// ```text
/// the last record in /x/journal.log was cut short at 4096 bytes, as a crash or a full
/// disk leaves it: a contact message, never reported as saved. Its bytes are set aside in
/// /x/journal.log.torn-20250102T030405Z; the 5 entries before it are kept.
/// ```
struct TornRecord: Hashable, Sendable, CustomStringConvertible {
    /// The journal.
    let file: String
    /// Where the torn bytes are now.
    let movedTo: String
    /// How many bytes of the record were written.
    let bytes: Int
    /// What the record was, as far as its bytes tell: `a contact message`.
    let what: String
    /// How many whole entries the journal kept, all that came before the torn one.
    let kept: Int

    /// What was lost and what was kept, for the user.
    var description: String {
        "the last record in \(file) was cut short at \(bytes) bytes, as a crash or a full disk "
            + "leaves it: \(what), never reported as saved. Its bytes are set aside in "
            + "\(movedTo); the \(kept == 1 ? "entry" : "\(kept) entries") before it "
            + "\(kept == 1 ? "is" : "are") kept."
    }

    /// What a torn entry was, from the start of its bytes: the `kind` of the record it puts,
    /// or the removal it makes.
    static func what(_ torn: Data) -> String {
        let text = String(decoding: torn, as: UTF8.self)
        if text.hasPrefix(#"{"remove""#) { return "the removal of a record" }
        guard let start = text.range(of: #""kind":""#)?.upperBound,
            let end = text[start...].firstIndex(of: "\"")
        else { return "a record cut too short to tell which" }
        switch text[start..<end] {
        case "session": return "a change to your session"
        case "notification": return "a notification answer"
        case "outbox": return "a contact message"
        default: return "a record of an unknown kind"
        }
    }
}

extension Journal {
    /// What replaying the journal found.
    struct Replay {
        /// What the whole lines hold, by key.
        var records: [String: StorageRecord]
        /// How many entries the whole lines are.
        var lines: Int
        /// Where the whole lines end, in bytes from the start of the file.
        var wholeLength: Int
        /// The bytes after the last newline: a record cut short, or nothing.
        var torn: Data
    }

    /// Moves the torn bytes of `replay` into `journal.log.torn-<timestamp>` beside the
    /// journal, synced, and only then cuts the journal back to its whole lines.
    ///
    /// - Throws: ``StorageError/unwritable(file:reason:)`` when either step fails — on a
    ///   full disk — leaving the journal as it was.
    func setAside(_ replay: Replay) throws(StorageError) -> TornRecord {
        let stamp = FileManager.stamp(Date())
        let aside = FileManager.default.unusedURL(url.appendingPathExtension("torn-\(stamp)"))
        do {
            try writer.replace(aside, with: replay.torn)
            try writer.truncate(url, to: UInt64(replay.wholeLength))
        } catch {
            throw .unwritable(
                file: url.path,
                reason: "its last record is torn (\(replay.torn.count) bytes after the last "
                    + "whole line) and could not be set aside (\(error.localizedDescription)). "
                    + "The \(replay.lines) whole entries before it are kept, but nothing can be "
                    + "written after it: free some space and start the guide again")
        }
        return TornRecord(
            file: url.path, movedTo: aside.path, bytes: replay.torn.count,
            what: TornRecord.what(replay.torn), kept: replay.lines)
    }
}
