import Foundation

/// One `--toggle name=on|off` from the command line, already checked.
public struct ToggleArgument: Hashable, Sendable {
    /// The toggle it sets.
    public var toggle: FeatureToggle
    /// The value it gives.
    public var isOn: Bool
    /// The argument as given, to name it in the toggle's source.
    public var text: String

    /// Reads `name=on` or `name=off`.
    ///
    /// - Parameter text: The value of `--toggle`.
    /// - Throws: ``ToggleError`` naming the argument, for an unknown toggle or a bad value.
    public init(parsing text: String) throws(ToggleError) {
        let source = ToggleSource.commandLine(argument: text)
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .malformed(text, source: source) }
        let toggle = try FeatureToggles.toggle(named: String(parts[0]), source: source)
        self.toggle = toggle
        isOn = try FeatureToggles.value(String(parts[1]), of: toggle, source: source)
        self.text = text
    }
}

extension FeatureToggles {
    /// Applies the toggles file.
    ///
    /// The file holds one `name = on|off` a line; blank lines and lines starting with `#`
    /// are skipped. A file that does not exist sets nothing.
    mutating func read(file: URL) throws(ToggleError) {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw .unreadable(file: file.path, reason: error.localizedDescription)
        }
        for (index, rawLine) in text.split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let source = ToggleSource.file(path: file.path, line: index + 1)
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw .malformed(line, source: source) }
            let toggle = try Self.toggle(named: String(parts[0]), source: source)
            set(toggle, try Self.value(String(parts[1]), of: toggle, source: source), from: source)
        }
    }

    /// Applies every `GUIDE_TOGGLE_…` variable.
    ///
    /// A variable with that prefix that names no toggle is an error, so that a typo never
    /// passes silently.
    mutating func read(environment: [String: String]) throws(ToggleError) {
        let prefix = FeatureToggle.environmentPrefix
        for (variable, value) in environment.sorted(by: { $0.key < $1.key })
        where variable.hasPrefix(prefix) {
            let source = ToggleSource.environment(variable: variable)
            let name = variable.dropFirst(prefix.count).lowercased()
                .replacingOccurrences(of: "_", with: "-")
            let toggle = try Self.toggle(named: name, source: source)
            set(toggle, try Self.value(value, of: toggle, source: source), from: source)
        }
    }

    static func toggle(named name: String, source: ToggleSource) throws(ToggleError)
        -> FeatureToggle
    {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard let toggle = FeatureToggle(name: name) else {
            throw .unknownToggle(name, source: source)
        }
        return toggle
    }

    static func value(_ text: String, of toggle: FeatureToggle, source: ToggleSource)
        throws(ToggleError) -> Bool
    {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value.lowercased() {
        case "on": return true
        case "off": return false
        default: throw .badValue(value, toggle: toggle, source: source)
        }
    }
}
