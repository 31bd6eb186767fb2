import Foundation

/// A switch that changes what the guide does without changing its code: the way a team
/// ships unfinished work turned off, then turns it on.
///
/// Each toggle has a name, a built-in default and an environment variable. Its value for a
/// run comes from ``FeatureToggles``: the default, then the toggles file in the data
/// directory, then the environment, then `--toggle name=on|off` on the command line.
public enum FeatureToggle: String, CaseIterable, Hashable, Sendable {
    /// Keeps the guide's data in an append-only journal instead of JSON files. Off by
    /// default; switching it moves the data across at the next start.
    case journalStorage = "journal-storage"

    /// The toggle's name, as written in the toggles file and on the command line.
    public var name: String { rawValue }

    /// The value when nothing sets it.
    public var defaultValue: Bool {
        switch self {
        case .journalStorage: false
        }
    }

    /// What the toggle changes, in one line.
    public var summary: String {
        switch self {
        case .journalStorage:
            "keep the data in an append-only journal (on) or in JSON files (off)"
        }
    }

    /// The environment variable that sets the toggle: `GUIDE_TOGGLE_` and the name in
    /// capitals, with `_` for `-` — `GUIDE_TOGGLE_JOURNAL_STORAGE`.
    public var environmentVariable: String {
        Self.environmentPrefix + rawValue.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The start of every toggle's environment variable: `GUIDE_TOGGLE_`.
    public static let environmentPrefix = "GUIDE_TOGGLE_"

    /// The toggle called `name`, ignoring case.
    ///
    /// - Parameter name: A toggle's name, such as `journal-storage`.
    public init?(name: String) { self.init(rawValue: name.lowercased()) }
}
