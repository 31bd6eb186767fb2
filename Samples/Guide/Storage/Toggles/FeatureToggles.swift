public import Foundation
public import GuideCore

/// The value of every ``FeatureToggle`` for one run, and where each value came from.
///
/// The app container is handed one, as GuideCore's `ToggleReport`, for the console's
/// `:toggles`. The sources, from the weakest to
/// the strongest: the built-in defaults, the toggles file (`toggles.txt` in the data
/// directory), `GUIDE_TOGGLE_…` environment variables, then `--toggle name=on|off` on the
/// command line. The strongest source that sets a toggle wins.
///
/// ```swift
/// let toggles = try FeatureToggles.resolve(
///     dataDirectory: directory, environment: ProcessInfo.processInfo.environment,
///     commandLine: options.toggles)
/// if toggles.isOn(.journalStorage) { … }
/// ```
public struct FeatureToggles: Hashable, ToggleReport {
    /// One toggle's value and where it came from.
    public struct Setting: Hashable, Sendable {
        /// Whether the toggle is on.
        public var isOn: Bool
        /// Where the value came from.
        public var source: ToggleSource

        /// Makes a setting.
        ///
        /// - Parameters:
        ///   - isOn: Whether the toggle is on.
        ///   - source: Where the value came from.
        public init(isOn: Bool, source: ToggleSource) {
            self.isOn = isOn
            self.source = source
        }
    }

    /// The name of the toggles file in the data directory: `toggles.txt`.
    public static let fileName = "toggles.txt"

    /// The toggles file that was read, or would have been had it existed.
    public private(set) var file: URL?
    private var settings: [FeatureToggle: Setting] = [:]

    /// Every toggle at its built-in default.
    public init() {}

    /// Whether `toggle` is on.
    ///
    /// - Parameter toggle: The toggle.
    /// - Returns: Its value for this run.
    public func isOn(_ toggle: FeatureToggle) -> Bool { self[toggle].isOn }

    /// The value of `toggle` and where it came from.
    ///
    /// - Parameter toggle: The toggle.
    public subscript(toggle: FeatureToggle) -> Setting {
        settings[toggle] ?? Setting(isOn: toggle.defaultValue, source: .builtIn)
    }

    /// Sets `toggle`, replacing what a weaker source said.
    ///
    /// - Parameters:
    ///   - toggle: The toggle.
    ///   - isOn: Its value.
    ///   - source: Where the value comes from.
    public mutating func set(_ toggle: FeatureToggle, _ isOn: Bool, from source: ToggleSource) {
        settings[toggle] = Setting(isOn: isOn, source: source)
    }

    /// The toggles for a run: the defaults, overridden by the toggles file, the environment
    /// and the command line, in that order.
    ///
    /// - Parameters:
    ///   - dataDirectory: The data directory, where `toggles.txt` may be.
    ///   - environment: The process's environment; every `GUIDE_TOGGLE_…` variable counts.
    ///   - commandLine: The `--toggle` arguments, in order (the `guide` executable's `GuideOptions.toggles`).
    /// - Returns: The toggles.
    /// - Throws: ``ToggleError``, naming the source, for an unknown toggle, a value other
    ///   than `on` or `off`, or a toggles file that cannot be read.
    public static func resolve(
        dataDirectory: URL, environment: [String: String], commandLine: [ToggleArgument] = []
    ) throws(ToggleError) -> FeatureToggles {
        var toggles = FeatureToggles()
        let file = dataDirectory.appendingPathComponent(fileName, isDirectory: false)
        toggles.file = file
        try toggles.read(file: file)
        try toggles.read(environment: environment)
        for argument in commandLine {
            toggles.set(argument.toggle, argument.isOn, from: .commandLine(argument: argument.text))
        }
        return toggles
    }

    /// Each toggle's value and source, one toggle a line, for the console's `:toggles`.
    public var report: [String] {
        let width = FeatureToggle.allCases.map(\.name.count).max() ?? 0
        var lines = [
            "Feature toggles (weakest first: built-in default, toggles file, environment, "
                + "command line):"
        ]
        for toggle in FeatureToggle.allCases {
            let setting = self[toggle]
            let name = toggle.name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(name)  \(setting.isOn ? "on " : "off")  from \(setting.source)")
            lines.append("  \(String(repeating: " ", count: width))  \(toggle.summary)")
        }
        if let file {
            let exists = FileManager.default.fileExists(atPath: file.path)
            lines.append("Toggles file: \(file.path)\(exists ? "" : " (none yet)").")
        }
        return lines
    }
}
