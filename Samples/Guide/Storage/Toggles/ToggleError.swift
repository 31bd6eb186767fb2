/// Where a toggle's value came from, from the weakest to the strongest.
public enum ToggleSource: Hashable, Sendable, CustomStringConvertible {
    /// The built-in default.
    case builtIn
    /// A line of the toggles file.
    case file(path: String, line: Int)
    /// An environment variable.
    case environment(variable: String)
    /// A `--toggle` argument on the command line.
    case commandLine(argument: String)

    /// Where the value came from, as a person would say it: `toggles file /x/toggles.txt
    /// line 3`, `environment variable GUIDE_TOGGLE_JOURNAL_STORAGE`.
    public var description: String {
        switch self {
        case .builtIn: "built-in default"
        case .file(let path, let line): "toggles file \(path) line \(line)"
        case .environment(let variable): "environment variable \(variable)"
        case .commandLine(let argument): "command line --toggle \(argument)"
        }
    }
}

/// A toggle setting the guide cannot use: it names the source, what is wrong, and what
/// would be right.
///
/// ```text
/// toggles file /x/toggles.txt line 3: unknown toggle 'jornal-storage' (known: journal-storage)
/// ```
public enum ToggleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name that is not one of ``FeatureToggle``'s.
    case unknownToggle(String, source: ToggleSource)
    /// A value other than `on` or `off`.
    case badValue(String, toggle: FeatureToggle, source: ToggleSource)
    /// Text that is not `name=on|off` at all.
    case malformed(String, source: ToggleSource)
    /// The toggles file exists but could not be read.
    case unreadable(file: String, reason: String)

    /// What is wrong, and where.
    public var description: String {
        switch self {
        case .unknownToggle(let name, let source):
            "\(source): unknown toggle '\(name)' (known: \(Self.knownNames))"
        case .badValue(let value, let toggle, let source):
            "\(source): '\(value)' is not a value for \(toggle.name); use on or off"
        case .malformed(let text, let source):
            "\(source): '\(text)' is not name=on or name=off (known: \(Self.knownNames))"
        case .unreadable(let file, let reason):
            "toggles file \(file) could not be read: \(reason)"
        }
    }

    private static var knownNames: String {
        FeatureToggle.allCases.map(\.name).joined(separator: ", ")
    }
}
