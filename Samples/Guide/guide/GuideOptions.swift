public import GuideStorage

/// The `guide` executable's command line:
/// `guide [--data-dir <path>] [--toggle <name>=on|off]… [--trace] [--help]`.
public struct GuideOptions: Hashable, Sendable {
    /// The `--data-dir` value, if given.
    public var dataDirectory: String?
    /// The `--toggle` values, in order; a later one for the same toggle wins.
    public var toggles: [ToggleArgument] = []
    /// Whether `--trace` was given.
    public var traces = false
    /// Whether `--help` was given.
    public var showsHelp = false

    /// Options with nothing given.
    public init() {}

    /// Reads the command line.
    ///
    /// - Parameter arguments: The arguments, without the program's name.
    /// - Returns: The options.
    /// - Throws: ``UsageError`` for an unknown flag, a missing value, or a `--toggle` that
    ///   names no toggle or gives a value other than `on` or `off`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> GuideOptions {
        var options = GuideOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--trace":
                options.traces = true
            case "--help", "-h":
                options.showsHelp = true
            case "--data-dir":
                guard let value = remaining.popFirst(), !value.hasPrefix("-") else {
                    throw .missingValue("--data-dir")
                }
                options.dataDirectory = value
            case let argument where argument.hasPrefix("--data-dir="):
                let value = String(argument.dropFirst("--data-dir=".count))
                guard !value.isEmpty else { throw .missingValue("--data-dir") }
                options.dataDirectory = value
            case "--toggle":
                guard let value = remaining.popFirst(), !value.hasPrefix("-") else {
                    throw .missingValue("--toggle")
                }
                options.toggles.append(try toggle(value))
            case let argument where argument.hasPrefix("--toggle="):
                let value = String(argument.dropFirst("--toggle=".count))
                guard !value.isEmpty else { throw .missingValue("--toggle") }
                options.toggles.append(try toggle(value))
            default:
                throw .unknownArgument(argument)
            }
        }
        return options
    }

    private static func toggle(_ value: String) throws(UsageError) -> ToggleArgument {
        do throws(ToggleError) {
            return try ToggleArgument(parsing: value)
        } catch {
            throw .invalidToggle(error)
        }
    }

    /// How to call `guide`, with its options and the demo account.
    public static let usage = """
        usage: guide [--data-dir <path>] [--toggle <name>=on|off]... [--trace] [--help]

        An onboarding guide in the terminal, built on Strata's container tiers. It reads
        answers from standard input, so a script can be piped in:
          printf '1\\ndemo@example.com\\ndemo1234\\nallow\\n:scopes\\n' | guide --data-dir /tmp/guide

        Options:
          --data-dir <path>  where to keep the session, notification answers and outbox
                             (default: $GUIDE_DATA_DIR, else a per-user folder:
                             ~/.local/share/strata-guide on Linux,
                             ~/Library/Application Support/strata-guide on macOS)
          --toggle <name>=on|off
                             set a feature toggle for this run; it beats the toggles
                             file (toggles.txt in the data directory, one name=on|off
                             a line) and GUIDE_TOGGLE_<NAME> environment variables.
                             Toggles: journal-storage (off: keep the data in JSON
                             files; on: in an append-only journal; switching moves
                             the data at start-up). Type :toggles in the guide to see
                             each toggle's value and where it came from.
          --trace            print containers beginning and ending, and instances made
                             and ended, as it happens
          -h, --help         show this help

        Demo account: demo@example.com, password demo1234. Accounts made by sign-up last
        until the guide exits; no password is ever written to disk.
        """
}

/// A command line `guide` does not understand.
public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An argument that is not an option of `guide`.
    case unknownArgument(String)
    /// An option given without its value.
    case missingValue(String)
    /// A `--toggle` that names no toggle or gives a bad value.
    case invalidToggle(ToggleError)

    /// What is wrong with the command line.
    public var description: String {
        switch self {
        case .unknownArgument(let argument): "unknown option '\(argument)'"
        case .missingValue(let option): "\(option) needs a value"
        case .invalidToggle(let error): "\(error)"
        }
    }
}
