import Foundation
import GuideCore

/// The two small files in the data directory that say where the data is: the marker,
/// naming the engine that holds it, and the progress of a move in flight.
///
/// - `storage-engine.txt` holds `json` or `journal`. With no marker, the data is wherever
///   an engine has files, and JSON files when none has: the guide stored its data in JSON
///   files before it had a marker.
/// - `storage-migration.json` exists while data is being moved: which engines, how many
///   records, how many are copied. It goes once the move is over, old files archived.
struct StorageMarker {
    /// The marker's file name: `storage-engine.txt`.
    static let markerName = "storage-engine.txt"
    /// The progress file's name: `storage-migration.json`.
    static let progressName = "storage-migration.json"

    /// How far a move has come.
    struct Progress: Codable, Equatable {
        var from: StorageEngineKind
        var to: StorageEngineKind
        var total: Int
        var copied: Int
    }

    let marker: URL
    let progress: JSONFile<Progress>
    private let writer: SyncedFile

    init(directory: URL, disk: any Disk) {
        marker = directory.appendingPathComponent(Self.markerName, isDirectory: false)
        progress = JSONFile(directory: directory, name: Self.progressName, disk: disk)
        writer = SyncedFile(disk: disk)
    }

    /// The engine the marker names, or `nil` when there is no marker.
    ///
    /// - Throws: ``StorageError/corrupt(file:movedTo:reason:)`` after moving aside a marker
    ///   that names no engine.
    func engine() throws(StorageError) -> StorageEngineKind? {
        guard FileManager.default.fileExists(atPath: marker.path) else { return nil }
        let text: String
        do {
            text = try String(contentsOf: marker, encoding: .utf8)
        } catch {
            throw .unreadable(file: marker.path, reason: error.localizedDescription)
        }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let kind = StorageEngineKind(rawValue: name) { return kind }
        let known = StorageEngineKind.allCases.map(\.rawValue).joined(separator: " or ")
        let reason = "it names no storage engine ('\(name)', not \(known))"
        let movedTo = try FileManager.default.moveAside(marker, label: "corrupt", reason: reason)
        throw .corrupt(file: marker.path, movedTo: movedTo.path, reason: reason)
    }

    /// Records that `kind` holds the data now, atomically and synced.
    func setEngine(_ kind: StorageEngineKind) throws(StorageError) {
        do {
            try writer.replace(marker, with: Data((kind.rawValue + "\n").utf8))
        } catch {
            throw .unwritable(file: marker.path, reason: error.localizedDescription)
        }
    }
}
